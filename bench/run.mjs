// `npm run bench [-- decode|encode] [options]`: the decode benchmark (bench/decode.mjs, the
// default) or the encode benchmark (bench/encode.mjs); the options go to the one chosen.
const [first] = process.argv.slice(2);
const which = first === 'encode' || first === 'decode' ? first : 'decode';
if (first === which) process.argv.splice(2, 1);
await import(`./${which}.mjs`);
