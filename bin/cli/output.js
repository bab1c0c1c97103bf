// Where the converted bytes go: stdout, or a file that appears under its name only once it is
// complete (a temporary file beside it, renamed on success, removed on failure, SIGINT and SIGTERM).
import { chmodSync, closeSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const pending = new Set();

function removePending() {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {}
  }
  pending.clear();
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    removePending();
    process.exit(code);
  });
}
process.on('exit', removePending);
// A reader that stops early (`| head`) ends the conversion quietly, as iconv does.
process.stdout.on('error', (error) => {
  if (error.code !== 'EPIPE') throw error;
  removePending();
  process.exit(0);
});

export class FileOutput {
  constructor(path) {
    this.path = path;
    this.temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    try {
      this.fd = openSync(this.temp, 'wx', 0o666);
    } catch (error) {
      error.path = path; // the name the user gave, not the temporary one
      throw error;
    }
    pending.add(this.temp);
  }

  async write(bytes) {
    for (let done = 0; done < bytes.length;) done += writeSync(this.fd, bytes, done);
  }

  // Renames the complete file into place, with the permissions of a file it replaces;
  // `beforeRename(path)` runs first (the --in-place backup).
  commit(beforeRename) {
    closeSync(this.fd);
    try {
      chmodSync(this.temp, statSync(this.path).mode & 0o7777);
    } catch {}
    beforeRename?.(this.path);
    renameSync(this.temp, this.path);
    pending.delete(this.temp);
  }

  abort() {
    closeSync(this.fd);
    unlinkSync(this.temp);
    pending.delete(this.temp);
  }
}

export class StdoutOutput {
  async write(bytes) {
    if (!process.stdout.write(bytes)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  commit() {}
  abort() {}
}
