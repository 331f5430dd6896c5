// Device printf and program exit: the CUDA Programming Guide says the
// buffer is not flushed when the program exits (a program must synchronise
// or call cudaDeviceReset), so a child process that launches a printing
// kernel and returns from main without either prints only its host line;
// one that calls cudaDeviceReset first prints the device's line too. The
// parent, which never touches CUDA, reads each child's stdout through a pipe.
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

__global__ void hello(void) {
  printf("device line\n");
}

// Runs the child's part in a process of its own; its stdout as text.
static std::string child_output(bool reset) {
  int fds[2];
  if (pipe(fds) != 0) return "pipe failed";
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 1);
    hello<<<1, 1>>>();
    if (reset) cudaDeviceReset();
    printf("host line\n");
    return "child"; // returns from main below: exits without synchronising
  }
  close(fds[1]);
  std::string text;
  char buffer[256];
  ssize_t n;
  while ((n = read(fds[0], buffer, sizeof buffer)) > 0)
    text.append(buffer, (size_t)n);
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  return text;
}

int main() {
  std::string plain = child_output(false);
  if (plain == "child") return 0; // the first child, leaving main
  std::string reset = child_output(true);
  if (reset == "child") return 0; // the second child
  printf("exit without synchronising printed:\n%s", plain.c_str());
  printf("exit after cudaDeviceReset printed:\n%s", reset.c_str());
  bool ok = plain == "host line\n" && reset == "device line\nhost line\n";
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
