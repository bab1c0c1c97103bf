// A plain workerd module worker that uses the package the way a Workers user does: the package
// entry, one family's static entry ('encoding-wasm/tables/japanese') and preload() for another (and
// for the EUC-JP decoder's part of the japanese family).
// run.mjs bundles it with esbuild (the "workerd" condition picks js/host/workerd.js; the .wasm
// files stay modules, listed in config.capnp). The JSON response is checked by run.mjs.
import * as main from 'encoding-wasm';
import * as hooks from 'encoding-wasm/hooks';
import * as encoder from 'encoding-wasm/encoder';
import * as errors from 'encoding-wasm/errors';
import * as url from 'encoding-wasm/url';
import 'encoding-wasm/tables/japanese';
import iconv from 'encoding-wasm/iconv-lite';
import { hostRestrictions, iconvLiteChecks, scenario } from '../checks.js';

const api = { ...main, hooks, url, encoder, errors };

export default {
  async fetch() {
    return Response.json({
      ...(await scenario(api)),
      // iconv-lite's calls on a Shift_JIS and a windows-1251 body (web streams: no node:stream here).
      iconvLite: iconvLiteChecks(iconv, 'web'),
      host: hostRestrictions(),
      importMetaUrl: String(import.meta.url),
    });
  },
};
