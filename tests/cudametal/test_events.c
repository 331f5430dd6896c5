/* tests/cudametal/test_events.c — cudametal's shared events, cross-queue waits,
 * completed handlers, failures and no-copy buffers through metal/mtl.h, run over the
 * CPU stand-in for the CUDA driver (fake_cuda.c: LD_LIBRARY_PATH puts its libcuda.so.1
 * first), so no GPU is needed. Kernels are not run there; blits are.
 *   test_events            the checks below
 *   test_events nomemops   with FAKE_CUDA_NO_MEMOPS=1: cudametal refuses the device */
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mtl.h"

static int failures;
#define CHECK(cond, ...)                                                                           \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                  \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static int (*memory_waits)(void), (*registrations)(void), (*events_created)(void),
    (*event_waits)(void);
static long (*thread_calls)(const char *name);

static void fill(mtl_id cb, mtl_id buffer, uint8_t value) {
  mtl_id blit = mtl_command_buffer_blit_encoder(cb);
  mtl_blit_fill_buffer(blit, buffer, (mtl_range){0, mtl_buffer_length(buffer)}, value);
  mtl_encoder_end_encoding(blit);
}
static void copy(mtl_id cb, mtl_id src, mtl_id dst) {
  mtl_id blit = mtl_command_buffer_blit_encoder(cb);
  mtl_blit_copy_buffer(blit, src, 0, dst, 0, mtl_buffer_length(src));
  mtl_encoder_end_encoding(blit);
}
static bool all(mtl_id buffer, uint8_t value) {
  const uint8_t *p = mtl_buffer_contents(buffer);
  for (uint64_t i = 0; i < mtl_buffer_length(buffer); i++)
    if (p[i] != value) return false;
  return true;
}

struct seen {
  atomic_int calls;
  long status[4];
  int order[4];
  mtl_id queue; /* a handler that commits more work */
  mtl_id buffer;
  atomic_int nested_done;
};
static atomic_int order_counter;
static void handler(void *context, mtl_id cb) {
  struct seen *s = context;
  int i = atomic_fetch_add(&s->calls, 1);
  if (i < 4) {
    s->status[i] = mtl_command_buffer_status(cb);
    s->order[i] = atomic_fetch_add(&order_counter, 1);
  }
}
static void nested_done(void *context, mtl_id cb) {
  (void)cb;
  atomic_store(&((struct seen *)context)->nested_done, 1);
}
static void committing_handler(void *context, mtl_id cb) { /* Metal (so CUDA) from a handler */
  struct seen *s = context;
  handler(context, cb);
  void *pool = mtl_autorelease_push();
  mtl_id next = mtl_queue_command_buffer(s->queue);
  fill(next, s->buffer, 0x5A);
  mtl_command_buffer_add_completed_handler(next, nested_done, s);
  mtl_command_buffer_commit(next);
  mtl_autorelease_pop(pool);
}
static bool eventually(atomic_int *flag, int want) {
  for (int i = 0; i < 4000 && atomic_load(flag) < want; i++)
    usleep(500);
  return atomic_load(flag) >= want;
}

int main(int argc, char **argv) {
  setenv("ANCHOR_METAL", "cudametal", 1);
  if (argc > 1 && !strcmp(argv[1], "nomemops")) {
    setenv("FAKE_CUDA_NO_MEMOPS", "1", 1);
    mtl_id device = mtl_create_system_default_device();
    CHECK(!device, "a device without 64-bit stream memory operations is refused");
    printf("%s test_events nomemops\n", failures ? "FAIL" : "PASS");
    return failures != 0;
  }
  void *pool = mtl_autorelease_push();
  mtl_id device = mtl_create_system_default_device();
  if (!device) {
    printf("FAIL no cudametal device over the fake driver\n");
    return 1;
  }
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  memory_waits = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_memory_waits") : NULL;
  registrations = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_registrations") : NULL;
  events_created = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_events_created") : NULL;
  event_waits = cuda ? (int (*)(void))dlsym(cuda, "fake_cuda_event_waits") : NULL;
  thread_calls = cuda ? (long (*)(const char *))dlsym(cuda, "fake_cuda_thread_calls") : NULL;
  if (!memory_waits || !registrations || !events_created || !event_waits || !thread_calls) {
    printf("FAIL cudametal is not running over tests/cudametal/fake_cuda.c\n");
    return 1;
  }
  CHECK(strstr(mtl_device_name(device), "cudametal (fake CUDA device)"), "name %s",
        mtl_device_name(device));
  /* the fake GPU's CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT is 0, as an H200's */
  CHECK(!mtl_device_has_kernel_watchdog(device), "no kernel watchdog reported");

  /* signaledValue from the CPU: starts at 0, may go down */
  mtl_id event = mtl_new_shared_event(device);
  CHECK(event && mtl_shared_event_signaled_value(event) == 0, "new event is 0");
  mtl_shared_event_set_signaled_value(event, 5);
  CHECK(mtl_shared_event_signaled_value(event) == 5, "set 5");
  mtl_shared_event_set_signaled_value(event, 0);
  CHECK(mtl_shared_event_signaled_value(event) == 0, "set back to 0");

  mtl_id qa = mtl_new_command_queue(device), qb = mtl_new_command_queue(device);
  mtl_id one = mtl_new_buffer(device, 4096, MTL_RESOURCE_STORAGE_MODE_SHARED);
  mtl_id two = mtl_new_buffer(device, 4096, MTL_RESOURCE_STORAGE_MODE_SHARED);
  CHECK(mtl_buffer_contents(one) && mtl_buffer_gpu_address(one), "shared buffer");

  /* 1. a wait committed before its signal: a memory wait on queue B until queue A signals */
  int waits = memory_waits();
  mtl_id b1 = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(b1, event, 1);
  copy(b1, one, two);
  mtl_command_buffer_commit(b1);
  usleep(20000);
  CHECK(mtl_command_buffer_status(b1) == MTL_COMMAND_BUFFER_STATUS_COMMITTED,
        "the waiting command buffer has not completed: %ld", mtl_command_buffer_status(b1));
  mtl_id a1 = mtl_queue_command_buffer(qa);
  fill(a1, one, 7);
  mtl_command_buffer_encode_signal_event(a1, event, 1);
  mtl_command_buffer_commit(a1);
  mtl_command_buffer_wait_until_completed(b1);
  CHECK(mtl_command_buffer_status(b1) == MTL_COMMAND_BUFFER_STATUS_COMPLETED, "b1 completed");
  CHECK(all(two, 7), "B copied what A filled before signalling");
  CHECK(memory_waits() == waits + 1, "one memory wait (%d)", memory_waits() - waits);
  CHECK(mtl_shared_event_signaled_value(event) == 1, "the GPU's signal is seen by the CPU");

  /* 2. a wait for a signal already committed: a CUDA event wait, no memory wait */
  waits = memory_waits();
  mtl_id a2 = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a2, event, 100); /* held by the CPU, below */
  fill(a2, one, 9);
  mtl_command_buffer_encode_signal_event(a2, event, 2);
  mtl_command_buffer_commit(a2);
  mtl_id b2 = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(b2, event, 2);
  copy(b2, one, two);
  mtl_command_buffer_commit(b2);
  CHECK(memory_waits() == waits + 1, "only the CPU-held wait polls memory (%d)",
        memory_waits() - waits);
  usleep(20000);
  CHECK(mtl_command_buffer_status(b2) == MTL_COMMAND_BUFFER_STATUS_COMMITTED && all(two, 7),
        "B waits for A, which waits for the CPU");
  /* 3. the CPU releases it */
  mtl_shared_event_set_signaled_value(event, 100);
  mtl_command_buffer_wait_until_completed(b2);
  CHECK(all(two, 9), "B copied after A's fill");
  CHECK(mtl_shared_event_signaled_value(event) == 2, "A's signal of 2 followed the CPU's 100");
  mtl_command_buffer_wait_until_completed(a2); /* b2 waited for its signal, not its end */
  double start = mtl_command_buffer_gpu_start_time(a2), end = mtl_command_buffer_gpu_end_time(a2);
  CHECK(start > 0 && end >= start, "GPU times %f %f", start, end);

  /* 4. a wait for a value already reached encodes nothing */
  waits = memory_waits();
  mtl_id a3 = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a3, event, 1);
  mtl_command_buffer_commit(a3);
  mtl_command_buffer_wait_until_completed(a3);
  CHECK(memory_waits() == waits, "no wait for a reached value");

  /* 5. completed handlers: in order, after the status is final, on a thread that may call Metal */
  struct seen s = {.queue = qb, .buffer = two};
  mtl_id a4 = mtl_queue_command_buffer(qa);
  fill(a4, one, 1);
  mtl_command_buffer_add_completed_handler(a4, handler, &s);
  mtl_command_buffer_add_completed_handler(a4, committing_handler, &s);
  mtl_command_buffer_commit(a4);
  CHECK(eventually(&s.calls, 2), "both handlers ran (%d)", atomic_load(&s.calls));
  CHECK(s.status[0] == MTL_COMMAND_BUFFER_STATUS_COMPLETED &&
            s.status[1] == MTL_COMMAND_BUFFER_STATUS_COMPLETED,
        "handlers see Completed: %ld %ld", s.status[0], s.status[1]);
  CHECK(s.order[0] < s.order[1], "handlers in the order added");
  CHECK(eventually(&s.nested_done, 1) && all(two, 0x5A), "a handler committed more work");

  /* 6. a failed command buffer: error code 9, its signal still issued, handler sees Error */
  struct seen f = {0};
  mtl_id b3 = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(b3, event, 3);
  mtl_command_buffer_commit(b3);
  mtl_id a5 = mtl_queue_command_buffer(qa);
  mtl_id blit = mtl_command_buffer_blit_encoder(a5);
  mtl_blit_fill_buffer(blit, one, (mtl_range){0, 8192}, 1); /* past the end */
  mtl_encoder_end_encoding(blit);
  mtl_command_buffer_encode_signal_event(a5, event, 3);
  mtl_command_buffer_add_completed_handler(a5, handler, &f);
  mtl_command_buffer_commit(a5);
  mtl_command_buffer_wait_until_completed(a5);
  mtl_command_buffer_wait_until_completed(b3); /* would hang without the signal */
  CHECK(mtl_command_buffer_status(a5) == MTL_COMMAND_BUFFER_STATUS_ERROR, "a5 failed");
  mtl_id error = mtl_command_buffer_error(a5);
  CHECK(error && mtl_error_code(error) == 9, "InvalidResource: %ld",
        error ? mtl_error_code(error) : -1);
  CHECK(mtl_command_buffer_status(b3) == MTL_COMMAND_BUFFER_STATUS_COMPLETED &&
            !mtl_command_buffer_error(b3),
        "the waiter completed");
  CHECK(eventually(&f.calls, 1) && f.status[0] == MTL_COMMAND_BUFFER_STATUS_ERROR,
        "the handler saw Error");

  /* 8. a wait for a signal committed earlier on the same queue: no CUDA wait at all (the
   * stream is in order); on another queue: one cuStreamWaitEvent. A10 is held behind a
   * CPU wait, so its signal of 10 is committed but not reached when A11 and B4 wait. */
  waits = memory_waits();
  int ewaits = event_waits();
  mtl_id a10 = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a10, event, 300); /* released by the CPU below */
  fill(a10, one, 4);
  mtl_command_buffer_encode_signal_event(a10, event, 10);
  mtl_command_buffer_commit(a10);
  mtl_id a11 = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a11, event, 10);
  copy(a11, one, two);
  mtl_command_buffer_commit(a11);
  CHECK(event_waits() == ewaits, "same queue: no cuStreamWaitEvent (%d)", event_waits() - ewaits);
  mtl_id b4 = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(b4, event, 10);
  mtl_command_buffer_commit(b4);
  CHECK(event_waits() == ewaits + 1, "another queue: one cuStreamWaitEvent (%d)",
        event_waits() - ewaits);
  CHECK(memory_waits() == waits + 1, "only the CPU-held wait polls memory (%d)",
        memory_waits() - waits);
  mtl_shared_event_set_signaled_value(event, 300);
  mtl_command_buffer_wait_until_completed(a11);
  mtl_command_buffer_wait_until_completed(b4);
  CHECK(all(two, 4), "A11 ran after A10 (stream order)");
  /* 9. completed command buffers' timing events are reused, not created per commit */
  int created = events_created();
  for (int i = 0; i < 20; i++) {
    void *inner = mtl_autorelease_push();
    mtl_id cb = mtl_queue_command_buffer(qa);
    fill(cb, one, (uint8_t)i);
    mtl_command_buffer_commit(cb);
    mtl_command_buffer_wait_until_completed(cb);
    mtl_autorelease_pop(inner);
    usleep(2000); /* the completion thread drops its reference */
  }
  CHECK(events_created() - created < 20, "20 command buffers created %d CUDA events",
        events_created() - created);

  /* 10. an event nobody polls in memory (libanchor's stream timelines): a GPU signal is
   * the command buffer's end mark alone, no cuStreamWriteValue64 and no record of its own;
   * the CPU still reads the value once it is reached, and another queue's wait for it is a
   * wait for that mark (A12 is held behind a CPU wait, so its signal is pending when B5
   * waits) */
  mtl_id quiet = mtl_new_shared_event(device);
  long writes = thread_calls("cuStreamWriteValue64"), records = thread_calls("cuEventRecord");
  ewaits = event_waits();
  mtl_id a12 = mtl_queue_command_buffer(qa);
  mtl_command_buffer_encode_wait_for_event(a12, event, 400); /* released by the CPU below */
  fill(a12, one, 6);
  mtl_command_buffer_encode_signal_event(a12, quiet, 7);
  mtl_command_buffer_commit(a12);
  mtl_id b5 = mtl_queue_command_buffer(qb);
  mtl_command_buffer_encode_wait_for_event(b5, quiet, 7);
  copy(b5, one, two);
  mtl_command_buffer_commit(b5);
  CHECK(event_waits() == ewaits + 1, "B waits for A's end mark: %d", event_waits() - ewaits);
  mtl_shared_event_set_signaled_value(event, 400);
  mtl_command_buffer_wait_until_completed(b5);
  CHECK(thread_calls("cuStreamWriteValue64") == writes, "no memory write for the signal");
  CHECK(thread_calls("cuEventRecord") - records == 4, "start and end marks of two: %ld records",
        thread_calls("cuEventRecord") - records);
  CHECK(all(two, 6), "B copied after A's fill");
  mtl_command_buffer_wait_until_completed(a12);
  CHECK(mtl_shared_event_signaled_value(quiet) == 7, "the CPU sees 7: %lu",
        (unsigned long)mtl_shared_event_signaled_value(quiet));
  mtl_shared_event_set_signaled_value(quiet, 3); /* the CPU's later write stands */
  CHECK(mtl_shared_event_signaled_value(quiet) == 3, "set back to 3");
  mtl_release(quiet);

  /* 7. no-copy buffers over cuMemHostRegister */
  long page = sysconf(_SC_PAGESIZE);
  void *host = NULL;
  CHECK(!posix_memalign(&host, (size_t)page, (size_t)page * 2), "memory");
  memset(host, 3, (size_t)page * 2);
  int before = registrations();
  mtl_id wrapped =
      mtl_new_buffer_no_copy(device, host, (uint64_t)page * 2, MTL_RESOURCE_STORAGE_MODE_SHARED);
  CHECK(wrapped && mtl_buffer_contents(wrapped) == host &&
            mtl_buffer_length(wrapped) == (uint64_t)page * 2 && mtl_buffer_gpu_address(wrapped),
        "no-copy buffer");
  CHECK(registrations() == before + 1, "registered");
  mtl_id copied = mtl_new_buffer(device, (uint64_t)page * 2, MTL_RESOURCE_STORAGE_MODE_SHARED);
  mtl_id a6 = mtl_queue_command_buffer(qa);
  copy(a6, wrapped, copied);
  mtl_command_buffer_commit(a6);
  mtl_command_buffer_wait_until_completed(a6);
  CHECK(mtl_command_buffer_status(a6) == MTL_COMMAND_BUFFER_STATUS_COMPLETED && all(copied, 3),
        "copy from it");
  CHECK(!mtl_new_buffer_no_copy(device, (char *)host + 1, (uint64_t)page, 0), "unaligned: nil");
  mtl_autorelease_pop(pool);
  mtl_release(wrapped); /* the last reference goes when the completion thread drops a6 */
  for (int i = 0; i < 4000 && registrations() != before; i++)
    usleep(500);
  CHECK(registrations() == before, "unregistered when released");
  mtl_release(copied);
  free(host);
  printf("%s test_events\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
