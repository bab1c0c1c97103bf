// encoding-wasm/detect: which encoding unlabeled bytes are in. Its own entry point: nothing here
// is part of the TextDecoder bundle (README.md "Detecting an encoding").
export { detect, EncodingDetector } from './detect/detector.js';
export { percent } from './detect/percent.js';
export { sniff } from './detect/sniff.js';
