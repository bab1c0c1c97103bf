// Reading the input in chunks of 64 KiB at most: a regular file by its file handle (it can be read
// again from the start to find the byte a decoder failed at), stdin as it comes.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { ConversionError } from './errors.js';

export const CHUNK_SIZE = 64 * 1024;

// { name, size (null for stdin), rereadable, chunks() (an async iterator of Uint8Array) }.
export async function openInput(path) {
  if (path === '-' || path === undefined) {
    return { name: '<stdin>', size: null, rereadable: false, chunks: () => stdinChunks() };
  }
  const handle = await open(path, 'r');
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw new ConversionError(`${path}: is a directory`);
    return {
      name: path,
      size: stat.isFile() ? stat.size : null,
      rereadable: stat.isFile(),
      chunks: () => (stat.isFile() ? fileChunks(path, stat) : streamChunks(path)),
    };
  } finally {
    await handle.close();
  }
}

// Synchronous reads: a file's bytes are there, and waiting for the thread pool costs time. Every
// MiB the loop gives the event loop a turn, so that SIGINT and SIGTERM are handled mid-file. A
// regular file whose size or modification time changes while it is read is an error (what was read
// is neither the old file nor the new one); `stat` is the file's as it was opened.
async function* fileChunks(path, stat) {
  const fd = openSync(path, 'r');
  let read = 0;
  try {
    for (;;) {
      // (No bigger than what is left, plus a byte to see a growth or the end: a thousand small
      // files must not each hold a chunk's memory until the collector runs.)
      const size = Math.min(CHUNK_SIZE, Math.max(stat.size - read, 0) + 1);
      const buffer = new Uint8Array(size);
      const bytesRead = readSync(fd, buffer, 0, size, null);
      if (bytesRead === 0) break;
      read += bytesRead;
      if (read > stat.size) break; // it grew: said below
      if (read % (16 * CHUNK_SIZE) === 0) await new Promise(setImmediate);
      yield bytesRead === size ? buffer : buffer.subarray(0, bytesRead);
    }
    const now = fstatSync(fd);
    if (read !== stat.size || now.size !== stat.size || now.mtimeMs !== stat.mtimeMs) {
      throw new ConversionError(
        `${path}: changed while it was read (${stat.size} bytes when opened, ${now.size} now, ${read} read)`,
      );
    }
  } finally {
    closeSync(fd);
  }
}

// A FIFO or a character device: read as it comes, in the same chunks.
async function* streamChunks(path) {
  const handle = await open(path, 'r');
  try {
    for await (const chunk of handle.createReadStream({ highWaterMark: CHUNK_SIZE })) yield chunk;
  } finally {
    await handle.close().catch(() => {});
  }
}

async function* stdinChunks() {
  for await (const chunk of process.stdin) {
    for (let i = 0; i < chunk.length; i += CHUNK_SIZE) yield chunk.subarray(i, i + CHUNK_SIZE);
  }
}

// Reads chunks until `limit` bytes (or the end): { head: the chunks read, rest: the iterator, ended }.
export async function readHead(iterator, limit) {
  const head = [];
  let length = 0;
  while (length < limit) {
    const { value, done } = await iterator.next();
    if (done) return { head, ended: true };
    head.push(value);
    length += value.length;
  }
  return { head, ended: false };
}
