// Loopback helpers for the tests that start a server process (workerd/run.mjs, readme/wrangler.mjs).
import { connect, createServer } from 'node:net';

// A TCP port on 127.0.0.1 that nothing listens on right now.
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// Waits until something accepts TCP connections on the port (no HTTP request: the tests fetch once),
// failing early if `child` (named `name` in errors) exits first.
export async function waitForPort(port, child, name, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not listen on 127.0.0.1:${port} within ${ms} ms`);
}
