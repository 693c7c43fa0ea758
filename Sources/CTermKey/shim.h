#ifndef SHOJI_CTERMKEY_SHIM_H
#define SHOJI_CTERMKEY_SHIM_H
// libtermkey imports cleanly; this header exists so helpers that Swift cannot express
// (macros, variadic hooks) have one place to live.
#include <termkey.h>
#endif
