// A single-byte candidate: ruled out by the first byte its decoder rejects (the generator marks
// those bytes 255 in the encoding's map, from the package's own decoders), scored by the pairs of
// letter classes that include a non-ASCII byte, with its group's bigram weights.
// https://encoding.spec.whatwg.org/#single-byte-decoder
import { groupModel } from './tables.js';

const REJECTED = 255;

export class SingleByteProber {
  constructor(name, groupIndex) {
    const model = groupModel(groupIndex);
    this.name = name;
    this.group = groupIndex;
    this.alive = true;
    this.score = 0;
    this.previous = 0; // class of the byte before, 0 (space) at the start
    this.classes = model.classes;
    this.firstHigh = model.firstHigh;
    this.weights = model.weights;
    // The class of every byte: ASCII from the group, 0x80-0xFF from the encoding.
    this.classOf = new Uint8Array(256);
    this.classOf.set(model.ascii, 0);
    this.classOf.set(model.maps.get(name), 128);
  }

  feed(bytes) {
    const { classOf, weights, classes, firstHigh } = this;
    let previous = this.previous;
    let score = this.score;
    for (let i = 0; i < bytes.length; i++) {
      const k = classOf[bytes[i]];
      if (k === REJECTED) {
        this.alive = false;
        return;
      }
      if (k >= firstHigh || previous >= firstHigh) score += weights[previous * classes + k];
      previous = k;
    }
    this.previous = previous;
    this.score = score;
  }
}

// The pairs of ASCII bytes, which read the same in every encoding of a group: scored once per
// group, against the pooled text of all groups (26 letter classes and one for the rest).
const LATIN_CLASS = new Uint8Array(128);
for (let b = 0x41; b <= 0x5a; b++) LATIN_CLASS[b] = LATIN_CLASS[b + 0x20] = b - 0x40;

export class AsciiPairScorer {
  constructor(groupIndex) {
    this.weights = groupModel(groupIndex).asciiPairs;
    this.score = 0;
    this.previous = -1; // class of the byte before, -1 if it was not ASCII
  }

  feed(bytes) {
    const { weights } = this;
    let { previous, score } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte >= 0x80) {
        previous = -1;
        continue;
      }
      const k = LATIN_CLASS[byte];
      if (previous >= 0) score += weights[previous * 27 + k];
      previous = k;
    }
    this.previous = previous;
    this.score = score;
  }
}
