// `npm run bench -- [name] [arguments]`: runs the benchmark `name` with the arguments that follow;
// with no name (or a first argument that is not one), bench/decode.mjs with all of them. With
// --write-docs, sizes, decode, encode, startup and detect write their tables into README.md and
// docs/*.md (bench/docs_tables.mjs).
const BENCHES = {
  decode: './decode.mjs',
  encode: './encode.mjs',
  detect: './detect.mjs',
  browsers: './browsers/run.mjs',
  cli: './cli.mjs',
  startup: './startup.mjs',
  sizes: './sizes.mjs',
};

const name = process.argv[2];
if (Object.hasOwn(BENCHES, name)) process.argv.splice(2, 1);
await import(BENCHES[Object.hasOwn(BENCHES, name) ? name : 'decode']);
