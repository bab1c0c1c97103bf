// Declarations kept true (dist/cli.js, built from bin/, as a process): converting HTML or XML rewrites the
// label of its <meta charset>, <meta http-equiv=Content-Type> or XML declaration to the target and
// changes no other byte; --keep-declaration leaves it. The expected bytes are the input's with the
// label's bytes replaced, found in the input here, never taken from the CLI's output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CLI } from './bundle.mjs';

const run = (args, input) => spawnSync(process.execPath, [CLI, ...args], { input, maxBuffer: 1 << 26 });

// ASCII bodies over several 64 KiB chunks, so that every byte but the label's is the same in the
// source and the target encoding.
const body = Array.from({ length: 4000 }, (_, i) => `<p>line ${i}: charset=nothing here</p>\n`).join('');
const CASES = [
  ['<meta charset>', '<!doctype html><html><head><meta charset="windows-1252"><title>t</title>', 'windows-1252'],
  [
    '<meta http-equiv>',
    "<html><head><META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=ISO-8859-1'>",
    'ISO-8859-1',
  ],
  ['<meta> after a commented one', '<html><!-- <meta charset=koi8-r> --><meta charset=latin1>', 'latin1'],
  ['XML declaration', '<?xml version="1.0" encoding="windows-1252"?>\n<doc>', 'windows-1252'],
];

for (const [name, head, label] of CASES) {
  test(`${name}: the label becomes the target's, every other byte stays`, () => {
    const input = Buffer.from(head + body);
    const at = input.indexOf(label, head.lastIndexOf(label));
    const expected = Buffer.concat([input.subarray(0, at), Buffer.from('utf-8'), input.subarray(at + label.length)]);
    const result = run(['-t', 'utf-8'], input);
    assert.equal(result.status, 0, result.stderr.toString());
    assert.deepEqual(result.stdout, expected);
    assert.match(result.stderr.toString(), new RegExp(`"${label}" now says "utf-8"`));
    const kept = run(['-t', 'utf-8', '--keep-declaration'], input);
    assert.deepEqual(kept.stdout, input);
    assert.doesNotMatch(kept.stderr.toString(), /now says/);
  });
}

test('no declaration, or one that names the target already: the bytes as they were, nothing said', () => {
  for (const text of [`<html><p>no declaration</p>${body}`, `<meta charset="UTF-8">${body}`]) {
    const result = run(['-f', 'windows-1252', '-t', 'utf-8'], Buffer.from(text));
    assert.deepEqual(result.stdout, Buffer.from(text));
    assert.doesNotMatch(result.stderr.toString(), /now says/);
  }
});

test('Shift_JIS XML to EUC-JP: the declaration says euc-jp, the text is the same', () => {
  const sjis = Buffer.from([
    ...Buffer.from('<?xml version="1.0" encoding="Shift_JIS"?>\n<a>'),
    0x82,
    0xa0,
    ...Buffer.from('</a>\n'),
  ]);
  const result = run(['-t', 'euc-jp'], sjis);
  assert.equal(result.status, 0, result.stderr.toString());
  assert.equal(new TextDecoder('euc-jp').decode(result.stdout), '<?xml version="1.0" encoding="euc-jp"?>\n<a>あ</a>\n');
});
