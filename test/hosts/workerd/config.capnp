# Plain workerd: two module workers and the wasm modules they import, each listed explicitly (workerd
# resolves no package exports; run.mjs bundles worker.js with esbuild and copies the .wasm files
# next to it, with this file, under build/hosts/workerd/; worker_all.js likewise). The sockets'
# addresses come from the command line (--socket-addr http=127.0.0.1:<free port>, and http-all).
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker), (name = "all", worker = .allWorker)],
  sockets = [
    (name = "http", address = "127.0.0.1:0", http = (), service = "main"),
    (name = "http-all", address = "127.0.0.1:0", http = (), service = "all"),
  ],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "encoding.wasm", wasm = embed "encoding.wasm"),
    (name = "encoding-lite.wasm", wasm = embed "encoding-lite.wasm"),
    (name = "tables/chinese-simplified.wasm", wasm = embed "tables/chinese-simplified.wasm"),
    (name = "tables/chinese-traditional.wasm", wasm = embed "tables/chinese-traditional.wasm"),
    (name = "tables/japanese.wasm", wasm = embed "tables/japanese.wasm"),
    (name = "tables/korean.wasm", wasm = embed "tables/korean.wasm"),
    (name = "tables/japanese-jis0212.wasm", wasm = embed "tables/japanese-jis0212.wasm"),
    (name = "tables/all.wasm", wasm = embed "tables/all.wasm"),
  ],
  compatibilityDate = "2025-09-01",
);

# worker_all.js: 'encoding-wasm/tables/all' alone, with the core and the family modules (in
# workerd it does not use the combined tables/all.wasm: js/host/workerd.js says why).
const allWorker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker_all.js"),
    (name = "encoding.wasm", wasm = embed "encoding.wasm"),
    (name = "tables/chinese-simplified.wasm", wasm = embed "tables/chinese-simplified.wasm"),
    (name = "tables/chinese-traditional.wasm", wasm = embed "tables/chinese-traditional.wasm"),
    (name = "tables/japanese.wasm", wasm = embed "tables/japanese.wasm"),
    (name = "tables/korean.wasm", wasm = embed "tables/korean.wasm"),
    (name = "tables/japanese-jis0212.wasm", wasm = embed "tables/japanese-jis0212.wasm"),
  ],
  compatibilityDate = "2025-09-01",
);
