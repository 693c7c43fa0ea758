#ifndef SHOJI_CNCURSESW_SHIM_H
#define SHOJI_CNCURSESW_SHIM_H
// The target has no pkgConfig (SwiftPM would drop its -D_XOPEN_SOURCE=600 with a warning), and
// without it the wide-character API is hidden: ask for it explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 rejects these mutable C globals as not concurrency-safe, and macros do not import:
// wrap them. All of them must only be called from the main thread.
static inline WINDOW *shoji_stdscr(void) { return stdscr; }
static inline WINDOW *shoji_curscr(void) { return curscr; }
static inline int shoji_lines(void) { return LINES; }
static inline int shoji_cols(void) { return COLS; }
static inline int shoji_colors(void) { return COLORS; }
static inline attr_t shoji_a_bold(void) { return A_BOLD; }
static inline attr_t shoji_a_dim(void) { return A_DIM; }
static inline attr_t shoji_a_italic(void) { return A_ITALIC; }
static inline attr_t shoji_a_underline(void) { return A_UNDERLINE; }
static inline attr_t shoji_a_reverse(void) { return A_REVERSE; }
static inline attr_t shoji_a_normal(void) { return A_NORMAL; }
// ncurses' attribute for bit 0 of terminfo's `ncv`; bit n is this shifted left by n.
static inline attr_t shoji_a_standout(void) { return A_STANDOUT; }
// tigetstr returns (char *)-1 for a name that is not a string capability and NULL for an
// absent one; fold both into NULL so Swift never dereferences -1.
static inline const char *shoji_tigetstr(const char *name) {
    char *s = tigetstr(name);
    return s == (char *)-1 ? NULL : s;
}
// Reads `term`'s terminfo entry and sets has[i] to whether it has the string capability
// names[i], without writing to the terminal (setupterm with an error pointer prints nothing)
// and without changing ncurses' current terminal. Returns 1 when the entry was read, 0 when
// there is none (or it is a generic type, `gn`), -1 for a hardcopy terminal (`hc`).
static inline int shoji_terminfo_has(const char *term, int fd, const char *const *names, int count, int *has) {
    TERMINAL *saved = cur_term;
    int status = 0;
    if (setupterm(term, fd, &status) != OK) {
        set_curterm(saved);
        return status == 1 ? -1 : 0;
    }
    TERMINAL *entry = cur_term;
    for (int i = 0; i < count; i++) {
        char *value = tigetstr(names[i]);
        has[i] = value != NULL && value != (char *)-1 && value[0] != 0;
    }
    set_curterm(saved);
    del_curterm(entry);
    return 1;
}
// tiparm is variadic, which Swift cannot call: every capability Shoji evaluates takes at most
// two numbers.
static inline char *shoji_tparm(const char *cap, long p1, long p2) { return tiparm(cap, p1, p2); }
// glibc's header hides wcwidth from Swift's Glibc module.
extern int wcwidth(wchar_t c);
#endif
