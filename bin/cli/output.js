// Where the converted bytes go: stdout, or a file that appears under its name only once it is
// complete (a temporary file beside it, renamed on success, removed on failure, SIGINT and SIGTERM).
// An output path that exists and is not a regular file (/dev/null, a FIFO, a terminal) is written
// directly, as iconv and cat do: renaming over it would replace the device.
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
// A reader that stops early (`| head`) ends the conversion quietly, as cat does; any other error
// writing stdout (a full disk) ends it with the OS's message and exit 1.
process.stdout.on('error', (error) => {
  removePending();
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`encoding-wasm: <stdout>: ${osMessage(error)}\n`);
  process.exit(1);
});

// "no space left on device" from "ENOSPC: no space left on device, write".
export const osMessage = (error) => error.message.replace(/^[A-Z0-9]+: /, '').replace(/, \w+( '.*')?$/, '');

// Whether `path` exists and is something other than a regular file.
function isSpecial(path) {
  try {
    return !statSync(path).isFile();
  } catch {
    return false;
  }
}

export class FileOutput {
  constructor(path) {
    this.path = path;
    this.temp = isSpecial(path) ? null : join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    try {
      this.fd = openSync(this.temp ?? path, this.temp ? 'wx' : 'w', 0o666);
    } catch (error) {
      error.path = path; // the name the user gave, not the temporary one
      throw error;
    }
    if (this.temp) pending.add(this.temp);
  }

  async write(bytes) {
    try {
      for (let done = 0; done < bytes.length;) done += writeSync(this.fd, bytes, done);
    } catch (error) {
      error.path = this.path;
      throw error;
    }
  }

  // Renames the complete file into place, with the permissions of a file it replaces;
  // `beforeRename(path)` runs first (the --in-place backup).
  commit(beforeRename) {
    closeSync(this.fd);
    if (!this.temp) return;
    try {
      chmodSync(this.temp, statSync(this.path).mode & 0o7777);
    } catch {}
    beforeRename?.(this.path);
    renameSync(this.temp, this.path);
    pending.delete(this.temp);
  }

  abort() {
    closeSync(this.fd);
    if (!this.temp) return;
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
