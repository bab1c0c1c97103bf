// Browsers and bundlers ("#host/primitives.js", condition "default"; a plain page's import map
// maps "#host/" to this folder): nothing is fetched at load here. The core is fetched and compiled
// by loadCore, with top-level await where an entry point needs it at load (./core_at_load.js,
// ./decoder_wasm.js), else by preload(). Family tables cannot load synchronously either: they come
// from a static import of 'encoding-wasm/tables/<family>' or from `await preload(...)`
// (docs/design.md section 4). Where each module is: js/generated/browser_wasm.js; ./compile.js
// fetches and compiles it.
import { combinedUrl, coreUrl, familyUrl, liteCoreUrl } from '../../generated/browser_wasm.js';
import { compile } from './compile.js';

export const coreModule = null;
export const loadCore = () => compile(coreUrl());
// The decoders' core (js/wasm/core.js loadDecoderCore).
export const loadDecoderCore = () => compile(liteCoreUrl());

export const loadFamilySync = null;
export const loadFamily = (family) => compile(familyUrl(family));
// Every family in one module (tables/all.wasm), for preload() of all of them.
export const loadCombined = () => compile(combinedUrl());

// No ASCII test of the host's own for the decoders' ASCII shortcut (js/host/native.js; js/host/node.js has one).
export const isAscii = null;

// Buffer's string methods for js/wasm/strings.js, where there is a Buffer (a bundler may bring one).
export const bufferPrototype = globalThis.Buffer?.prototype;
