#ifndef SHOJI_MAIN_QUEUE_H
#define SHOJI_MAIN_QUEUE_H

// Lets Shoji's terminal run loop serve the main actor, as CoreFoundation's run loop does.
//
// On Linux, Swift runs main-actor jobs (Task bodies, awaits that return to the main actor) on
// libdispatch's main queue. Something on the main thread has to drain that queue: `dispatch_main()`
// (which gives the main thread away for good), CFRunLoop, or, here, Shoji's main loop. libdispatch
// exports the two entry points CoreFoundation uses for this: an eventfd that becomes readable
// when the main queue has work, and the call that runs the queued work. Only the backend uses
// them; the pure-Swift core knows nothing of dispatch.

/// The eventfd that becomes readable whenever a job is queued on the main queue. Created on the
/// first call; stays open for the process's life.
int shoji_main_queue_fd(void);

/// Whether this thread can drain the main queue: 0 yes; -1 not the process's main thread (an
/// async `main` or `dispatch_main()` gave the main thread to libdispatch); -2 already inside a
/// drain of the main queue (called from a main-actor job run by CFRunLoop or by another loop),
/// where a nested drain runs nothing. Queues one empty job to find out; call it on the main
/// actor, before the loop starts.
int shoji_main_queue_check(void);

/// Clears the eventfd, then runs the jobs queued on the main queue until now (jobs they queue
/// wait for the next call; the eventfd is readable again by then). Main thread only, and only
/// after `shoji_main_queue_check` returned 0.
void shoji_main_queue_drain(void);

#endif
