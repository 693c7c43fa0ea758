#ifndef SHOJI_SIGNALS_H
#define SHOJI_SIGNALS_H
#include <stddef.h>

// Async-signal-safe signal handling for the terminal backend. Written in C because a signal
// handler may only call async-signal-safe functions, which Swift code cannot promise.
//
// Relayed signals (SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT) write their number as
// one byte to the self-pipe; the run loop reads it. A second SIGINT/SIGTERM/SIGHUP before the
// first was handled means the app is stuck: the terminal is restored and the signal's default
// action runs at once.
// Fatal signals (SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) restore the
// terminal (restore bytes + saved termios) and then take their default action (core dump).
// So does every other signal whose default action ends the process (SIGUSR1, SIGUSR2, SIGPIPE,
// SIGALRM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGRTMIN..SIGRTMAX),
// but only where its disposition was still the default at install: a signal the app ignores
// or handles is left to the app.

/// Saves the terminal modes of `tty_fd` (a descriptor of the terminal that stays one while
/// output is captured, not standard output itself); the restore bytes go there too. Call
/// before curses changes the modes.
void shoji_signals_prepare(int tty_fd);

/// Sets the bytes that put the screen back (mouse off, cursor visible, main screen).
/// At most 511 bytes are kept.
void shoji_signals_set_restore_bytes(const char *restore_bytes, size_t length);

/// Installs the handlers. `pipe_fd` is the non-blocking write end of the self-pipe.
/// Also registers an atexit hook that restores the terminal if the app exits without teardown.
void shoji_signals_install(int pipe_fd);

/// Puts back the dispositions that were in place before `shoji_signals_install` (for a signal
/// taken over from its default: only if Shoji's handler is still the one installed).
void shoji_signals_uninstall(void);

/// Writes the restore bytes and restores the saved modes, if prepared and not yet done, then
/// releases the captured output. Never waits long for the terminal: what it cannot write
/// within 0.3 s in all (a reader who stopped reading) is dropped, through a non-blocking
/// description of the terminal of its own; the modes are set at once (unread input
/// discarded), not after the output drains. Async-signal-safe. Used by the fatal handlers,
/// the atexit hook, and a teardown that finds the output blocked.
void shoji_signals_restore_terminal(void);

/// Marks the terminal as cleanly restored by the normal teardown, so that later fatal signals
/// and exit do not write to it again.
void shoji_signals_mark_restored(void);

/// Takes a relayed signal's default action now (for SIGTSTP: stop the process until SIGCONT),
/// then reinstalls Shoji's handler for it.
void shoji_signals_default_action(int signo);

/// Forgets that a terminating signal is pending (after the run loop handled it).
void shoji_signals_clear_pending(void);

/// 1 once SIGINT, SIGTERM or SIGHUP arrived (until `shoji_signals_clear_pending`). Those three
/// interrupt a blocked write (they are installed without SA_RESTART), so a writer that gets
/// EINTR asks this to know whether to give up. Async-signal-safe.
int shoji_signals_terminate_requested(void);

/// 1 if the terminal takes output now (poll says POLLOUT), 0 if a write would wait: a reader
/// who stopped reading. Async-signal-safe.
int shoji_signals_output_writable(void);

/// Creates the self-pipe: both ends non-blocking and close-on-exec. Returns 0, or -1 with errno.
int shoji_make_self_pipe(int fds[2]);

/// Sends standard output and standard error each to an unlinked temporary file until released,
/// so nothing written to them (a `print`, a warning, a Swift runtime trap's message) lands on
/// the app's screen and is lost when the alternate screen goes. Makes stdio's `stdout` line
/// buffered, so each printed line reaches its file at once. Call it after taking a descriptor
/// of the terminal for the app's own output. Returns 0, or -1 if a stream could not be
/// captured (that stream is unchanged).
int shoji_signals_capture_output(void);

/// Flushes stdio's `stdout`, puts both streams back and writes out what each captured
/// (standard output's first), in the order it was written. Idempotent. Not async-signal-safe
/// (it flushes stdio): for normal teardown.
void shoji_signals_release_output(void);

/// `shoji_signals_release_output` without the flush: async-signal-safe.
/// `shoji_signals_restore_terminal` calls it after restoring the terminal, so a fatal signal's
/// message appears on the main screen.
void shoji_signals_release_captured_output(void);
#endif
