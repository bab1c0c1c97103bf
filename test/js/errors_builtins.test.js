// encoding-wasm/errors loads a table family's module, and for the EUC-JP decoder the part with index
// jis0212, on an encoding's first use, long after the package loaded (js/errors.js instanceWithLog,
// '#errors-core' familyModule: in browsers the shared all-errors.wasm). What runs then must not call
// built-ins that a page may have replaced (as test/js/builtins.test.js checks for decoding): array
// methods and iteration, Object.hasOwn, WebAssembly.Module.customSections. Expected values: index
// jis0212 pointer 1410 is U+4E02 (EUC-JP 0x8F 0xB0 0xA1), index jis0208 pointer 1410 U+4E9C (0xB0 0xA1),
// and 0x80 is an error of one byte (https://encoding.spec.whatwg.org/#euc-jp-decoder).
import { afterEach, expect, it } from 'vitest';
import { ErrorReportingDecoder } from '../../js/errors.js';
import { hex } from './helpers.js';

const ArrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
const HOSTILE = [
  [Array.prototype, 'includes'],
  [Array.prototype, 'indexOf'],
  [Array.prototype, 'find'],
  [Array.prototype, 'push'],
  [Array.prototype, Symbol.iterator],
  [ArrayIteratorPrototype, 'next'],
  [Object, 'hasOwn'],
  [WebAssembly.Module, 'customSections'],
];
const saved = [];
let called = [];
const patchAll = () => {
  // (index loops and no destructuring: the patches apply from the first one on)
  for (let i = 0; i < HOSTILE.length; i++) {
    const object = HOSTILE[i][0];
    const key = HOSTILE[i][1];
    saved[saved.length] = [object, key, Object.getOwnPropertyDescriptor(object, key)];
    Object.defineProperty(object, key, {
      configurable: true,
      writable: true,
      value() {
        called[called.length] = String(key);
        throw new Error(`the page's ${String(key)} was called`);
      },
    });
  }
};
const unpatch = () => {
  while (saved.length) {
    const last = saved[saved.length - 1];
    saved.length -= 1;
    Object.defineProperty(last[0], last[1], last[2]);
  }
};
afterEach(unpatch);

it('the EUC-JP decoder with the log, first used under replaced built-ins, loads its family and part', () => {
  const bytes = hex('8F B0 A1 80 B0 A1');
  called = [];
  let result;
  patchAll();
  try {
    result = new ErrorReportingDecoder('euc-jp').decode(bytes);
  } catch (error) {
    result = error;
  }
  unpatch();
  expect(called).toEqual([]);
  expect(result).toEqual({ text: '\u4e02\ufffd\u4e9c', errors: [{ offset: 3, length: 1 }] });
});
