#define _GNU_SOURCE
#include "shoji_signals.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <time.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int relayed[] = { SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT };
static const int fatal[] = { SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS };
// Signals whose default action ends the process and that nobody asked for: taken over only
// where the disposition is still the default when the session starts (an app that ignores
// SIGPIPE or handles SIGUSR1 keeps its choice), then handled like the fatal ones. The
// real-time signals (default: terminate) are added at install time: SIGRTMIN is not a constant.
static const int terminating[] = { SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGSTKFLT, SIGXCPU, SIGXFSZ,
                                   SIGVTALRM, SIGPROF, SIGIO, SIGPWR };
#define RELAYED_COUNT (sizeof relayed / sizeof relayed[0])
#define FATAL_COUNT (sizeof fatal / sizeof fatal[0])
#define TERMINATING_COUNT (sizeof terminating / sizeof terminating[0])

static struct sigaction previous_relayed[RELAYED_COUNT];
static struct sigaction previous_fatal[FATAL_COUNT];
// 1 where `take_over_if_default` installed the fatal handler over the default action.
static unsigned char taken_over[_NSIG];

static volatile sig_atomic_t pipe_fd = -1;
static volatile sig_atomic_t installed = 0;
static volatile sig_atomic_t needs_restore = 0;
static volatile sig_atomic_t terminate_pending = 0;
static int tty_fd = -1;
static struct termios saved_modes;
static int have_saved_modes = 0;
static char restore_bytes[512];
static size_t restore_length = 0;
static int atexit_registered = 0;

// A description of the terminal of our own, opened by name with O_NONBLOCK, for the writes
// that must not wait for a reader who stopped reading (the restore, on the way out): the
// descriptors the app was given share their description (and its blocking flag) with the
// shell, which must not be changed. -1 where the terminal has no name to open.
static int nonblocking_fd = -1;
// How long a restore may wait for the terminal to take its bytes, in all.
static const long restore_wait_ns = 300L * 1000 * 1000;

void shoji_signals_prepare(int fd) {
    tty_fd = fd;
    have_saved_modes = tcgetattr(fd, &saved_modes) == 0;
    needs_restore = 1;
    if (nonblocking_fd < 0) {
        const char *name = ttyname(fd);
        if (name != NULL) nonblocking_fd = open(name, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    }
}

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

// Writes `length` bytes to the terminal without waiting past `deadline` (CLOCK_MONOTONIC ns):
// through the non-blocking description when there is one, else blocking on `fd`. Returns 1 if
// everything was written. Async-signal-safe.
static int write_bounded(int fd, const char *bytes, size_t length, long long deadline) {
    int out = nonblocking_fd >= 0 ? nonblocking_fd : fd;
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(out, bytes + done, length - done);
        if (n > 0) { done += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            long long left = deadline - monotonic_ns();
            if (left <= 0) return 0;
            struct pollfd ready = { .fd = out, .events = POLLOUT, .revents = 0 };
            poll(&ready, 1, (int)(left / 1000000) + 1);
            continue;
        }
        return 0;  // EIO after a hang-up, or anything else: nothing more to do.
    }
    return 1;
}

// Whether `fd` is the terminal the non-blocking description writes to.
static int is_the_terminal(int fd) {
    struct stat a, b;
    if (nonblocking_fd < 0 || fstat(fd, &a) != 0 || fstat(nonblocking_fd, &b) != 0) return 0;
    return S_ISCHR(a.st_mode) && a.st_rdev == b.st_rdev;
}

int shoji_signals_terminate_requested(void) { return terminate_pending; }

int shoji_signals_output_writable(void) {
    struct pollfd ready = { .fd = tty_fd, .events = POLLOUT, .revents = 0 };
    return tty_fd >= 0 && poll(&ready, 1, 0) == 1 && (ready.revents & POLLOUT) != 0;
}

void shoji_signals_set_restore_bytes(const char *bytes, size_t length) {
    if (length > sizeof restore_bytes - 1) length = sizeof restore_bytes - 1;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    needs_restore = 1;
}

static void release_captured_output_until(long long deadline);

void shoji_signals_restore_terminal(void) {
    if (!needs_restore) return;
    needs_restore = 0;
    int saved_errno = errno;
    long long deadline = monotonic_ns() + restore_wait_ns;
    write_bounded(tty_fd, restore_bytes, restore_length, deadline);
    // The modes at once, not after the output drains (TCSAFLUSH would wait for a reader who
    // may never read again); unread input is still discarded, so typed keys do not reach the
    // shell.
    if (have_saved_modes) {
        tcflush(tty_fd, TCIFLUSH);
        tcsetattr(tty_fd, TCSANOW, &saved_modes);
    }
    release_captured_output_until(deadline);
    errno = saved_errno;
}

// Standard output and standard error, each sent to its own unlinked file while captured.
static const int captured_streams[] = { STDOUT_FILENO, STDERR_FILENO };
#define CAPTURED_COUNT (sizeof captured_streams / sizeof captured_streams[0])
static volatile sig_atomic_t saved_fds[CAPTURED_COUNT] = { -1, -1 };
static volatile sig_atomic_t capture_fds[CAPTURED_COUNT] = { -1, -1 };

static int capture_stream(size_t index) {
    if (capture_fds[index] >= 0) return 0;
    int stream = captured_streams[index];
    char path[] = "/tmp/shoji-output-XXXXXX";
    int fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) return -1;
    unlink(path);
    int saved = fcntl(stream, F_DUPFD_CLOEXEC, 3);
    if (saved < 0 || dup2(fd, stream) < 0) {
        if (saved >= 0) close(saved);
        close(fd);
        return -1;
    }
    saved_fds[index] = saved;
    capture_fds[index] = fd;
    return 0;
}

int shoji_signals_capture_output(void) {
    // What stdio holds goes out to the terminal first; afterwards every line reaches the file
    // as it is printed (not at exit), so a fatal signal's release still finds it.
    fflush(stdout);
    setvbuf(stdout, NULL, _IOLBF, BUFSIZ);
    int result = 0;
    for (size_t i = 0; i < CAPTURED_COUNT; i++) {
        if (capture_stream(i) != 0) result = -1;
    }
    return result;
}

static void release_stream(size_t index, long long deadline) {
    int fd = capture_fds[index], saved = saved_fds[index];
    if (fd < 0 || saved < 0) return;
    capture_fds[index] = -1;
    saved_fds[index] = -1;
    int stream = captured_streams[index];
    dup2(saved, stream);
    close(saved);
    // To the terminal, bounded as the restore is (a reader who stopped reading gets what fits);
    // to a file or a pipe, all of it.
    int bounded = is_the_terminal(stream);
    char buffer[4096];
    off_t offset = 0;
    for (;;) {
        ssize_t n = pread(fd, buffer, sizeof buffer, offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        offset += n;
        if (bounded) {
            if (!write_bounded(stream, buffer, (size_t)n, deadline)) break;
            continue;
        }
        ssize_t done = 0;
        while (done < n) {
            ssize_t w = write(stream, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) { done = n; break; }
            done += w;
        }
    }
    close(fd);
}

static void release_captured_output_until(long long deadline) {
    int saved_errno = errno;
    for (size_t i = 0; i < CAPTURED_COUNT; i++) release_stream(i, deadline);
    errno = saved_errno;
}

void shoji_signals_release_captured_output(void) {
    release_captured_output_until(monotonic_ns() + restore_wait_ns);
}

void shoji_signals_release_output(void) {
    if (capture_fds[0] >= 0) fflush(stdout);  // lines still in stdio's buffer belong to the file
    shoji_signals_release_captured_output();
}

void shoji_signals_mark_restored(void) { needs_restore = 0; }

static void die_with(int signo) {
    shoji_signals_restore_terminal();
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(signo, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signo);
}

static void relay_handler(int signo) {
    int saved_errno = errno;
    if (signo == SIGINT || signo == SIGTERM || signo == SIGHUP) {
        if (terminate_pending) die_with(signo);
        terminate_pending = 1;
    }
    unsigned char byte = (unsigned char)signo;
    if (pipe_fd >= 0) {
        // Non-blocking: if the pipe is full, a byte for the run loop is already waiting.
        ssize_t ignored = write(pipe_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

static void fatal_handler(int signo) { die_with(signo); }

static void restore_at_exit(void) {
    if (capture_fds[0] >= 0) fflush(stdout);  // an exit() mid-session: not in a signal handler
    shoji_signals_restore_terminal();
    shoji_signals_release_captured_output();
}

static void take_over_if_default(int signo, const struct sigaction *action) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return;
    if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) return;
    if (sigaction(signo, action, NULL) == 0) taken_over[signo] = 1;
}

// Puts the default back where we took over, unless someone replaced our handler meanwhile.
static void give_back_taken_over(void) {
    for (int signo = 1; signo < _NSIG; signo++) {
        if (!taken_over[signo]) continue;
        taken_over[signo] = 0;
        struct sigaction current;
        if (sigaction(signo, NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != fatal_handler) continue;
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        sigaction(signo, &dfl, NULL);
    }
}

void shoji_signals_install(int fd) {
    pipe_fd = fd;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = relay_handler;
    for (size_t i = 0; i < RELAYED_COUNT; i++) {
        // A request to end interrupts a write blocked on a reader who stopped reading (EINTR),
        // so the app can give up its frame and end; the others restart what they interrupt.
        int ends = relayed[i] == SIGINT || relayed[i] == SIGTERM || relayed[i] == SIGHUP;
        action.sa_flags = ends ? 0 : SA_RESTART;
        sigaction(relayed[i], &action, &previous_relayed[i]);
    }
    action.sa_handler = fatal_handler;
    action.sa_flags = SA_NODEFER;
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal[i], &action, &previous_fatal[i]);
    for (size_t i = 0; i < TERMINATING_COUNT; i++) take_over_if_default(terminating[i], &action);
    for (int signo = SIGRTMIN; signo <= SIGRTMAX; signo++) take_over_if_default(signo, &action);
    installed = 1;
    if (!atexit_registered) { atexit(restore_at_exit); atexit_registered = 1; }
}

void shoji_signals_uninstall(void) {
    if (!installed) return;
    for (size_t i = 0; i < RELAYED_COUNT; i++) sigaction(relayed[i], &previous_relayed[i], NULL);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal[i], &previous_fatal[i], NULL);
    give_back_taken_over();
    installed = 0;
    pipe_fd = -1;
}

void shoji_signals_default_action(int signo) {
    struct sigaction dfl, mine;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(signo, &dfl, &mine);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signo);  // For SIGTSTP the process stops here and continues on SIGCONT.
    sigaction(signo, &mine, NULL);
}

void shoji_signals_clear_pending(void) { terminate_pending = 0; }

int shoji_make_self_pipe(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC); }
