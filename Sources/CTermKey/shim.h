#ifndef SHOJI_CTERMKEY_SHIM_H
#define SHOJI_CTERMKEY_SHIM_H
// libtermkey imports cleanly; this header exists so helpers that Swift cannot express
// (macros, variadic hooks) have one place to live.
#include <termkey.h>
#include <string.h>

// Terminfo filter for termkey_hook_terminfo_getstr. Returning NULL hides a capability from
// libtermkey's terminfo driver, so its built-in CSI/SS3 driver decodes those bytes instead.
// - key_mouse: xterm-256color's kmous=\E[< makes the terminfo driver swallow the prefix of
//   every SGR-1006 mouse report, which then decodes as junk keys (see TERMINAL-NOTES.md).
// - key_f13 and up: xterm's terminfo lists Shift-F1 (\E[1;2P) as kf13, Ctrl-F5 (\E[15;5~) as
//   kf29 and so on; hidden, they decode as F1-F12 with their modifiers. Plain F13-F20
//   (CSI 25~ .. 34~) are still known to the CSI driver.
static inline const char *shoji_termkey_terminfo_filter(const char *name, const char *value,
                                                        void *data) {
    (void)data;
    if (name == NULL) return value;
    if (strcmp(name, "key_mouse") == 0) return NULL;
    if (strncmp(name, "key_f", 5) == 0 && name[5] != '\0') {
        int number = 0;
        for (const char *p = name + 5; *p != '\0'; p++) {
            if (*p < '0' || *p > '9' || number > 1000) return value;  // key_find etc.
            number = number * 10 + (*p - '0');
        }
        if (number >= 13) return NULL;
    }
    return value;
}

// Installs shoji_termkey_terminfo_filter. Must run before termkey_start (create the handle
// with TERMKEY_FLAG_NOSTART): the terminfo driver reads its strings when it starts.
static inline void shoji_termkey_install_terminfo_filter(TermKey *tk) {
    termkey_hook_terminfo_getstr(tk, shoji_termkey_terminfo_filter, NULL);
}

#endif
