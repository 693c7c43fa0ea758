#define _GNU_SOURCE
#include "shoji_signals.h"
#include <errno.h>
#include <fcntl.h>
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
static volatile sig_atomic_t saved_stderr = -1;
static volatile sig_atomic_t capture_fd = -1;

void shoji_signals_prepare(int fd) {
    tty_fd = fd;
    have_saved_modes = tcgetattr(fd, &saved_modes) == 0;
    needs_restore = 1;
}

void shoji_signals_set_restore_bytes(const char *bytes, size_t length) {
    if (length > sizeof restore_bytes - 1) length = sizeof restore_bytes - 1;
    memcpy(restore_bytes, bytes, length);
    restore_length = length;
    needs_restore = 1;
}

void shoji_signals_restore_terminal(void) {
    if (!needs_restore) return;
    needs_restore = 0;
    int saved_errno = errno;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(tty_fd, restore_bytes + done, restore_length - done);
        if (n > 0) { done += (size_t)n; continue; }
        if (n < 0 && errno == EINTR) continue;
        break;  // EIO after a hang-up, or anything else: nothing more to do.
    }
    if (have_saved_modes) tcsetattr(tty_fd, TCSAFLUSH, &saved_modes);
    shoji_signals_release_stderr();
    errno = saved_errno;
}

int shoji_signals_capture_stderr(void) {
    if (capture_fd >= 0) return 0;
    char path[] = "/tmp/shoji-stderr-XXXXXX";
    int fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0) return -1;
    unlink(path);
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0 || dup2(fd, STDERR_FILENO) < 0) {
        if (saved >= 0) close(saved);
        close(fd);
        return -1;
    }
    saved_stderr = saved;
    capture_fd = fd;
    return 0;
}

void shoji_signals_release_stderr(void) {
    int fd = capture_fd, saved = saved_stderr;
    if (fd < 0 || saved < 0) return;
    capture_fd = -1;
    saved_stderr = -1;
    int saved_errno = errno;
    dup2(saved, STDERR_FILENO);
    close(saved);
    char buffer[4096];
    off_t offset = 0;
    for (;;) {
        ssize_t n = pread(fd, buffer, sizeof buffer, offset);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        offset += n;
        ssize_t done = 0;
        while (done < n) {
            ssize_t w = write(STDERR_FILENO, buffer + done, (size_t)(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0) { done = n; break; }
            done += w;
        }
    }
    close(fd);
    errno = saved_errno;
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
    shoji_signals_restore_terminal();
    shoji_signals_release_stderr();
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
    action.sa_flags = SA_RESTART;
    action.sa_handler = relay_handler;
    for (size_t i = 0; i < RELAYED_COUNT; i++) sigaction(relayed[i], &action, &previous_relayed[i]);
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
