#define _GNU_SOURCE
#include "shoji_main_queue.h"
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// libdispatch's own declarations (dispatch/dispatch.h is not on a C target's include path here).
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
void dispatch_async_f(struct dispatch_queue_s *queue, void *context, void (*work)(void *));
// CoreFoundation's hooks into the main queue, exported by libdispatch.
int _dispatch_get_main_queue_port_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

int shoji_main_queue_fd(void) { return _dispatch_get_main_queue_port_4CF(); }

static void mark_ran(void *flag) { *(volatile int *)flag = 1; }

int shoji_main_queue_check(void) {
    if (syscall(SYS_gettid) != getpid()) return -1;
    static volatile int ran;
    ran = 0;
    dispatch_async_f(&_dispatch_main_q, (void *)&ran, mark_ran);
    _dispatch_main_queue_callback_4CF(0);
    return ran ? 0 : -2;
}

void shoji_main_queue_drain(void) {
    uint64_t count;
    // Non-blocking; read before running, so a job queued meanwhile leaves the fd readable.
    ssize_t ignored = read(shoji_main_queue_fd(), &count, sizeof count);
    (void)ignored;
    _dispatch_main_queue_callback_4CF(0);
}
