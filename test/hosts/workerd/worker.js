// A plain workerd module worker that uses the package the way a Workers user does: the package
// entry, one family's static entry ('encoding-wasm/tables/japanese') and preload() for another.
// run.mjs bundles it with esbuild (the "workerd" condition picks js/host/workerd.js; the .wasm
// files stay modules, listed in config.capnp). The JSON response is checked by run.mjs.
import * as api from 'encoding-wasm';
import 'encoding-wasm/tables/japanese';
import { checks, hostRestrictions, missingFamily } from '../checks.js';

export default {
  async fetch() {
    // Before preload: the families that were not imported must give a clear error.
    const before = { gbk: missingFamily(api, 'gbk'), eucKr: missingFamily(api, 'euc-kr') };
    await api.preload('gbk');
    const delegated = api.nativeDelegation();
    const withDelegation = checks(api);
    // The same checks with everything in wasm (what ENCODING_WASM_NATIVE=0 does in Node).
    api.setNativeDelegation(false);
    const wasmOnly = checks(api);
    return Response.json({
      host: hostRestrictions(),
      importMetaUrl: String(import.meta.url),
      before,
      delegated,
      checks: withDelegation,
      wasmOnly,
      after: { eucKr: missingFamily(api, 'euc-kr') },
    });
  },
};
