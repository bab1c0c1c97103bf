// encoding-wasm/errors loads a table family's module, and for the EUC-JP decoder the part with index
// jis0212, on an encoding's first use, long after the package loaded (js/wasm/core.js instanceFor, as for
// TextDecoder; in browsers the families the page imported or preloaded). What runs then must not call
// built-ins that a page may have replaced (as test/js/builtins.test.js checks for decoding): array
// methods and iteration, Object.hasOwn, WebAssembly.Module.customSections. Expected values: index
// jis0212 pointer 1410 is U+4E02 (EUC-JP 0x8F 0xB0 0xA1), index jis0208 pointer 1410 U+4E9C (0xB0 0xA1),
// and 0x80 is an error of one byte (https://encoding.spec.whatwg.org/#euc-jp-decoder).
import { expect, it } from 'vitest';
import { ErrorReportingDecoder } from '../../js/errors.js';
import { hex, withHostileBuiltins } from './helpers.js';

it('the EUC-JP decoder with the log, first used under replaced built-ins, loads its family and part', () => {
  const bytes = hex('8F B0 A1 80 B0 A1');
  const { result, called } = withHostileBuiltins(() => new ErrorReportingDecoder('euc-jp').decode(bytes));
  expect(called).toEqual([]);
  expect(result).toEqual({ text: '\u4e02\ufffd\u4e9c', errors: [{ offset: 3, length: 1 }] });
});
