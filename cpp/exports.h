// EW_EXPORT: a function of the wasm boundary. Under Emscripten it is kept and exported; natively
// it is a plain C function, so the tests call the same ABI.
#pragma once

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define EW_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define EW_EXPORT extern "C"
#endif
