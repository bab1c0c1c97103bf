// A progress bar on stderr (bytes done, rate, ETA) when stderr is a terminal and the input is at
// least 8 MiB; nothing otherwise.
export const PROGRESS_MIN = 8 * 1024 * 1024;

const MiB = 1024 * 1024;

export function createProgress(name, size) {
  if (!process.stderr.isTTY || size === null || size < PROGRESS_MIN) return { update() {}, done() {} };
  const start = Date.now();
  let last = 0;
  const draw = (done) => {
    const seconds = Math.max((Date.now() - start) / 1000, 1e-3);
    const rate = done / seconds;
    const eta = rate > 0 ? Math.ceil((size - done) / rate) : 0;
    const width = 24;
    const filled = Math.round((done / size) * width);
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    process.stderr.write(
      `\r${name} [${bar}] ${(done / MiB).toFixed(1)}/${(size / MiB).toFixed(1)} MiB ` +
        `${(rate / MiB).toFixed(1)} MiB/s ETA ${eta}s\x1b[K`,
    );
  };
  return {
    update(done) {
      const now = Date.now();
      if (now - last < 100) return;
      last = now;
      draw(done);
    },
    done() {
      process.stderr.write('\r\x1b[K');
    },
  };
}
