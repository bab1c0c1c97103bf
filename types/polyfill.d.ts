// Type declarations for 'encoding-wasm/polyfill'. Importing the module installs the classes on
// globalThis (see install()); the global types come from lib "dom"/"webworker" or @types/node.

export type InstallableName = 'TextDecoder' | 'TextEncoder' | 'TextDecoderStream' | 'TextEncoderStream';

export interface InstallOptions {
  /** Put ours in place of native classes that passed every probe too. */
  force?: boolean;
  /** The global object to install on (globalThis by default). */
  target?: object;
}

/** What install() did with each class. */
export interface InstallReport {
  /** Missing on the target, now ours. */
  installed: InstallableName[];
  /** Native, fell short of the standard (or force), now ours. */
  replaced: InstallableName[];
  /**
   * A native TextDecoder replaced by ours, which still hands work to it: UTF-8 and UTF-16 where it is
   * exact, and, where tables cannot load on first use, multi-byte encodings whose tables are not loaded.
   */
  wrapped: InstallableName[];
  /** Left as they were: complete natives, ours already, classes this host cannot have, or read-only properties. */
  skipped: InstallableName[];
}

/** Installs TextDecoder, TextEncoder, TextDecoderStream and TextEncoderStream where they are missing or not spec-exact. */
export declare function install(options?: InstallOptions): InstallReport;
