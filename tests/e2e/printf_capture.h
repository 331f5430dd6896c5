// printf_capture.h — for the device-services tests (printf_*.cu, assert_*.cu):
// captures what reaches a file descriptor (1: stdout, 2: stderr) between
// capture_begin and capture_end, where CUDA's device-side printf output and
// assert messages go, for nvcc and anchorcc alike; and compares text line by
// line with an expected file next to the test's source.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

struct capture {
  int fd, saved;
  FILE *file;
};

static capture capture_begin(int fd) {
  fflush(stdout);
  fflush(stderr);
  capture c = {fd, dup(fd), tmpfile()};
  if (c.saved < 0 || !c.file || dup2(fileno(c.file), fd) < 0) {
    fprintf(stderr, "capture: cannot redirect fd %d\n", fd);
    c.file = nullptr;
  }
  return c;
}

static std::string capture_end(capture &c) {
  fflush(stdout);
  fflush(stderr);
  std::string text;
  if (!c.file) return text;
  dup2(c.saved, c.fd);
  close(c.saved);
  rewind(c.file);
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, c.file)) > 0)
    text.append(buffer, n);
  fclose(c.file);
  return text;
}

// The whole of file `path`; false if it cannot be read.
static bool read_text(const std::string &path, std::string &out) {
  FILE *f = fopen(path.c_str(), "rb");
  if (!f) return false;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, f)) > 0)
    out.append(buffer, n);
  fclose(f);
  return true;
}

// The expected-output file of a test source: NAME.cu -> NAME.expected beside it, or
// $E2E_EXPECTED_DIR/NAME.expected when that is set (a program run away from its source
// tree, e.g. from the cudametal bundle on another machine).
static std::string expected_path(const char *source) {
  std::string p = source;
  const char *dir = getenv("E2E_EXPECTED_DIR");
  if (dir && *dir) {
    size_t slash = p.rfind('/');
    p = std::string(dir) + "/" + (slash == std::string::npos ? p : p.substr(slash + 1));
  }
  size_t dot = p.rfind(".cu");
  return (dot == std::string::npos ? p : p.substr(0, dot)) + ".expected";
}

// Line-by-line comparison; prints the first difference.
static bool same_lines(const std::string &got, const std::string &want) {
  size_t g = 0, w = 0;
  for (int line = 1;; line++) {
    size_t ge = got.find('\n', g), we = want.find('\n', w);
    std::string gl = got.substr(g, ge == std::string::npos ? std::string::npos : ge - g);
    std::string wl = want.substr(w, we == std::string::npos ? std::string::npos : we - w);
    if (gl != wl) {
      printf("line %d differs:\n  got:      \"%s\"\n  expected: \"%s\"\n", line, gl.c_str(),
             wl.c_str());
      return false;
    }
    if (ge == std::string::npos || we == std::string::npos) {
      if ((ge == std::string::npos) != (we == std::string::npos)) {
        printf("line %d: one text ends here, the other does not\n", line);
        return false;
      }
      return true;
    }
    g = ge + 1;
    w = we + 1;
  }
}
