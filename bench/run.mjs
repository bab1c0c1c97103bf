// `npm run bench [-- NAME ...]`: NAME "detect" runs bench/detect.mjs (charset detection); anything
// else, or nothing, runs bench/decode.mjs (decoding speed), which reads the remaining arguments.
const [name] = process.argv.slice(2);
if (name === 'detect') {
  process.argv.splice(2, 1);
  await import('./detect.mjs');
} else {
  await import('./decode.mjs');
}
