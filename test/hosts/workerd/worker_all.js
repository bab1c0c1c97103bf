// A second plain workerd worker: the package entry with 'encoding-wasm/tables/all' alone, given the
// core and the family modules (the four, and japanese's part japanese-jis0212: in workerd, tables/all loads those, not the combined
// tables/all.wasm, which config.capnp does not give it), so every family it decodes and encodes
// must have been loaded by that import. The JSON response is checked by run.mjs.
import * as main from 'encoding-wasm';
import 'encoding-wasm/tables/all';
import { attempt, bytesOf, decodeChecks, hex } from '../checks.js';

export default {
  async fetch() {
    main.setNativeDelegation(false);
    const decode = (label, bytes) => attempt(() => new main.TextDecoder(label).decode(bytesOf(bytes)));
    return Response.json({
      checks: decodeChecks(main.TextDecoder),
      big5: decode('big5', 'a4 40'),
      eucKr: decode('euc-kr', 'b0 a1 c7 d1'),
      encoded: attempt(() => ['shift_jis', 'gbk', 'big5', 'euc-kr'].map((label) => hex(main.encode('\u4e00', label)))),
    });
  },
};
