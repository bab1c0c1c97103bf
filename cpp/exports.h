// EW_EXPORT: a function of the wasm boundary. Under Emscripten it is kept and exported; natively
// it is a plain C function, so the tests call the same ABI.
#pragma once

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define EW_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define EW_EXPORT extern "C"
#endif

#include <cstdint>

// The buffers every module exports (exports.cpp), for the exports only the core has.
EW_EXPORT uint8_t* ew_input();
EW_EXPORT uint32_t ew_input_capacity();
EW_EXPORT char16_t* ew_output();
EW_EXPORT uint32_t ew_output_capacity();
EW_EXPORT uint32_t* ew_scratch();
