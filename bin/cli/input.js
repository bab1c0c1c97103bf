// Reading the input in chunks of 64 KiB at most: a regular file by its file handle (it can be read
// again from the start to find the byte a decoder failed at), stdin as it comes.
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

export const CHUNK_SIZE = 64 * 1024;

// { name, size (null for stdin), rereadable, chunks() (an async iterator of Uint8Array) }.
export async function openInput(path) {
  if (path === '-' || path === undefined) {
    return { name: '<stdin>', size: null, rereadable: false, chunks: () => stdinChunks() };
  }
  const handle = await open(path, 'r');
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error(`${path} is a directory`), { code: 'EISDIR' });
    return {
      name: path,
      size: stat.isFile() ? stat.size : null,
      rereadable: stat.isFile(),
      chunks: () => fileChunks(path),
    };
  } finally {
    await handle.close();
  }
}

// Synchronous reads: a file's bytes are there, and waiting for the thread pool costs time.
async function* fileChunks(path) {
  const fd = openSync(path, 'r');
  try {
    for (;;) {
      const buffer = new Uint8Array(CHUNK_SIZE);
      const bytesRead = readSync(fd, buffer, 0, CHUNK_SIZE, null);
      if (bytesRead === 0) return;
      yield bytesRead === CHUNK_SIZE ? buffer : buffer.subarray(0, bytesRead);
    }
  } finally {
    closeSync(fd);
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
