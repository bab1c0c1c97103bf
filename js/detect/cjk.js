// The CJK candidates: each runs its spec decoder's state machine over the bytes without producing
// text. A pointer is an error where the package's decoder rejects it (the generator marks those
// pointers UNMAPPED, from the decoders themselves); every decoded character adds the weight of its
// frequency class. Errors are counted, and the decoder goes on as the standard says (restoring the
// bytes it restores), so `errors` is the number of U+FFFD a replacement decoder outputs; past
// maxErrors the candidate is out for good and stops. State carries over between chunks, and a
// character cut off at the end of the input is not an error (the input may be a prefix).
import { MAX_ERRORS } from './errors.js';
import { CJK_GROUP, CONTEXT } from './generated_tables.js';
import { pointerTable, UNIT, UNMAPPED } from './tables.js';

const q = (nats) => Math.round(nats * UNIT);
// Characters outside the double-byte tables, rare in text: halfwidth katakana, a byte 0x80 that
// Shift_JIS decodes as U+0080 and gb18030 as the euro sign, four-byte gb18030 sequences.
const HALFWIDTH_KATAKANA = q(-3.7);
const C1_CONTROL = q(-6);
const EURO = q(-3.7);
const FOUR_BYTE = q(0);
// (3 nats: judged on the real-world documents with another seed than the benchmark's; 0, 3, 6 and
// 10 tried, 3 best on short prefixes of mostly-ASCII text and no worse elsewhere.)
const RUN_START = q(3);

// The kind of the unit before: an ASCII letter, other ASCII, or a character that is not ASCII.
// CONTEXT[group] weighs a character after each kind ([0-2]), an ASCII letter or other ASCII after a
// character ([3], [4]), and an ASCII letter after other ASCII ([5], against Latin-script text): how
// CJK text mixes with ASCII (tools/detect/train.mjs).
const LETTER = 0;
const OTHER = 1;
const CHARACTER = 2;
// The start of the input: other ASCII, but a character there starts no run (context[START]).
const START = 6;
const ASCII_KIND = new Uint8Array(128).fill(OTHER);
ASCII_KIND.fill(LETTER, 0x41, 0x5b).fill(LETTER, 0x61, 0x7b);

// Shift_JIS, Big5 and EUC-KR: a lead byte and a trail byte make a pointer, lead index x row length
// + trail index, each index given by a range of bytes. The byte tables below say, for each byte,
// what it is on its own (a character and its weight, a lead, or an error) and as a trail.
const IS_LEAD = 0x7fff;
const REJECT = -0x8000;
const layouts = {
  // https://encoding.spec.whatwg.org/#shift_jis-decoder
  shift_jis: {
    table: 'jis0208',
    row: 188,
    leads: [
      [0x81, 0x9f, 0x81],
      [0xe0, 0xfc, 0xc1],
    ],
    trails: [
      [0x40, 0x7e, 0x40],
      [0x80, 0xfc, 0x41],
    ],
    singles: [
      [0x80, 0x80, C1_CONTROL],
      [0xa1, 0xdf, HALFWIDTH_KATAKANA],
    ],
  },
  // https://encoding.spec.whatwg.org/#big5-decoder
  big5: {
    table: 'big5',
    row: 157,
    leads: [[0x81, 0xfe, 0x81]],
    trails: [
      [0x40, 0x7e, 0x40],
      [0xa1, 0xfe, 0x62],
    ],
    singles: [],
  },
  // https://encoding.spec.whatwg.org/#euc-kr-decoder
  'euc-kr': {
    table: 'euckr',
    row: 190,
    leads: [[0x81, 0xfe, 0x81]],
    trails: [[0x41, 0xfe, 0x41]],
    singles: [],
  },
};
const byteTables = new Map();
function byteTablesOf(name) {
  let tables = byteTables.get(name);
  if (!tables) {
    const { row, leads, trails, singles } = layouts[name];
    const single = new Int16Array(256).fill(REJECT).fill(0, 0, 0x80);
    const lead = new Int16Array(256);
    const trail = new Int16Array(256).fill(-1);
    for (const [low, high, offset] of leads)
      for (let b = low; b <= high; b++) ((single[b] = IS_LEAD), (lead[b] = b - offset));
    for (const [low, high, offset] of trails) for (let b = low; b <= high; b++) trail[b] = b - offset;
    for (const [low, high, weight] of singles) single.fill(weight, low, high + 1);
    tables = { single, leadIndex: lead, trailIndex: trail, row };
    byteTables.set(name, tables);
  }
  return tables;
}

// What every CJK candidate keeps: its name, whether its decoder accepts the input so far, its
// score, and the kind of the unit before (and before the lead byte pending) for the context weights.
class CjkProber {
  constructor(name) {
    this.name = name;
    // A character after ASCII starts a run of CJK text, which costs RUN_START more than the
    // trained context weight: a lone pair of high bytes between ASCII words is weak evidence.
    this.dense = true; // errors.js denseErrors bounds its errors
    const trained = CONTEXT[CJK_GROUP[name]];
    this.context = [...trained.map((w, i) => (i === LETTER || i === OTHER ? w - RUN_START : w)), trained[OTHER]];
    this.reset();
  }

  // Back to no input (detect() reuses its candidates).
  reset() {
    this.alive = true; // false once out for good (more than maxErrors errors)
    this.errors = 0;
    this.maxErrors = MAX_ERRORS; // fewer where the length of the input is known
    this.score = 0;
    this.kind = START;
    this.leadKind = START;
  }

  // Whether a character is cut off at the end of the bytes so far (its decoder's error at the end of
  // the input).
  pending() {
    return this.lead !== 0;
  }

  // Counts an error; false once there are too many (the candidate is then out for good).
  error() {
    if (++this.errors <= this.maxErrors) return true;
    this.alive = false;
    return false;
  }

  // Reads `bytes` the decoder restores, from `state` (the caller's; it reads it back from this):
  // false once out for good.
  refeed(bytes, state) {
    Object.assign(this, state);
    this.feed(bytes);
    return this.alive;
  }
}

export class DoubleByteProber extends CjkProber {
  constructor(name) {
    super(name);
    this.table = null; // loaded with the first pair of bytes
    Object.assign(this, byteTablesOf(name));
  }

  reset() {
    super.reset();
    this.lead = -1; // the lead's index while a trail is awaited
  }

  pending() {
    return this.lead !== -1;
  }

  feed(bytes) {
    const { single, leadIndex, trailIndex, row, context } = this;
    let { lead, score, table, kind, leadKind } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (lead >= 0) {
        const index = trailIndex[byte];
        table ??= this.table = pointerTable(layouts[this.name].table);
        const weight = index >= 0 ? table[lead * row + index] : UNMAPPED;
        lead = -1;
        if (weight === UNMAPPED) {
          if (!this.error()) return;
          kind = OTHER;
          if (byte < 0x80) i--; // the standard restores an ASCII byte: read again
          continue;
        }
        score += weight + context[leadKind];
        kind = CHARACTER;
      } else if (byte < 0x80) {
        // an ASCII byte after a character; an ASCII letter after other ASCII (a Latin word starts)
        if (kind === CHARACTER) score += context[3 + ASCII_KIND[byte]];
        else if ((kind === OTHER || kind === START) && ASCII_KIND[byte] === LETTER) score += context[5];
        kind = ASCII_KIND[byte];
      } else {
        const what = single[byte];
        if (what === IS_LEAD) {
          lead = leadIndex[byte];
          leadKind = kind;
        } else if (what === REJECT) {
          if (!this.error()) return;
          kind = OTHER;
        } else {
          score += what + context[kind];
          kind = CHARACTER;
        }
      }
    }
    this.lead = lead;
    this.score = score;
    this.kind = kind;
    this.leadKind = leadKind;
  }
}

// https://encoding.spec.whatwg.org/#euc-jp-decoder
export class EucJpProber extends CjkProber {
  constructor(name) {
    super(name);
    this.jis0208Table = null; // each loaded when first needed
    this.jis0212Table = null;
  }

  reset() {
    super.reset();
    this.lead = 0;
    this.jis0212 = false;
  }

  feed(bytes) {
    const { context } = this;
    let { lead, score, jis0212, kind, leadKind } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (lead === 0x8e && byte >= 0xa1 && byte <= 0xdf) {
        lead = 0;
        score += HALFWIDTH_KATAKANA + context[leadKind];
        kind = CHARACTER;
      } else if (lead === 0x8f && byte >= 0xa1 && byte <= 0xfe) {
        jis0212 = true;
        lead = byte;
      } else if (lead !== 0) {
        const table = jis0212
          ? (this.jis0212Table ??= pointerTable('jis0212'))
          : (this.jis0208Table ??= pointerTable('jis0208'));
        const weight =
          lead >= 0xa1 && lead <= 0xfe && byte >= 0xa1 && byte <= 0xfe
            ? table[(lead - 0xa1) * 94 + byte - 0xa1]
            : UNMAPPED;
        lead = 0;
        jis0212 = false;
        if (weight === UNMAPPED) {
          if (!this.error()) return;
          kind = OTHER;
          if (byte < 0x80) i--; // restored
          continue;
        }
        score += weight + context[leadKind];
        kind = CHARACTER;
      } else if (byte < 0x80) {
        // an ASCII byte after a character; an ASCII letter after other ASCII (a Latin word starts)
        if (kind === CHARACTER) score += context[3 + ASCII_KIND[byte]];
        else if ((kind === OTHER || kind === START) && ASCII_KIND[byte] === LETTER) score += context[5];
        kind = ASCII_KIND[byte];
      } else if (byte === 0x8e || byte === 0x8f || (byte >= 0xa1 && byte <= 0xfe)) {
        lead = byte;
        leadKind = kind;
      } else {
        if (!this.error()) return;
        kind = OTHER;
      }
    }
    this.lead = lead;
    this.score = score;
    this.jis0212 = jis0212;
    this.kind = kind;
    this.leadKind = leadKind;
  }
}

// https://encoding.spec.whatwg.org/#iso-2022-jp-decoder. `switches` counts the escapes into
// anything but ASCII: input that is otherwise ASCII is ISO-2022-JP by them.
const ASCII = 0;
const ROMAN = 1;
const KATAKANA = 2;
const LEAD = 3;
const TRAIL = 4;
const ESCAPE_START = 5;
const ESCAPE = 6;

export class Iso2022JpProber extends CjkProber {
  constructor(name) {
    super(name);
    this.dense = false; // (its text is ASCII bytes: a bad byte >= 0x80 is one of few)
    this.table = null; // loaded with the first pair of bytes
  }

  reset() {
    super.reset();
    this.switches = 0;
    this.state = ASCII;
    this.outputState = ASCII;
    this.lead = 0;
    this.output = false;
  }

  // (https://encoding.spec.whatwg.org/#iso-2022-jp-decoder: at the end of the input, the trail byte
  // and both escape states return an error.)
  pending() {
    return this.state === TRAIL || this.state === ESCAPE_START || this.state === ESCAPE;
  }

  feed(bytes) {
    let { state, outputState, lead, output, score, switches } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      switch (state) {
        case ASCII:
        case ROMAN:
          if (byte === 0x1b) state = ESCAPE_START;
          else {
            output = false;
            if ((byte > 0x7f || byte === 0x0e || byte === 0x0f) && !this.error()) return;
          }
          break;
        case KATAKANA:
          if (byte === 0x1b) state = ESCAPE_START;
          else {
            output = false;
            if (byte >= 0x21 && byte <= 0x5f) score += HALFWIDTH_KATAKANA;
            else if (!this.error()) return;
          }
          break;
        case LEAD:
          if (byte === 0x1b) state = ESCAPE_START;
          else {
            output = false;
            if (byte >= 0x21 && byte <= 0x7e) {
              lead = byte;
              state = TRAIL;
            } else if (!this.error()) return;
          }
          break;
        case TRAIL: {
          if (byte === 0x1b) {
            state = ESCAPE_START;
            if (!this.error()) return;
            break;
          }
          state = LEAD;
          const weight =
            byte >= 0x21 && byte <= 0x7e
              ? (this.table ??= pointerTable('jis0208'))[(lead - 0x21) * 94 + byte - 0x21]
              : UNMAPPED;
          if (weight !== UNMAPPED) score += weight;
          else if (!this.error()) return;
          break;
        }
        case ESCAPE_START:
          if (byte === 0x24 || byte === 0x28) {
            lead = byte;
            state = ESCAPE;
            break;
          }
          output = false;
          state = outputState;
          i--; // restored
          if (!this.error()) return;
          break;
        case ESCAPE: {
          let next = -1;
          if (lead === 0x28 && byte === 0x42) next = ASCII;
          else if (lead === 0x28 && byte === 0x4a) next = ROMAN;
          else if (lead === 0x28 && byte === 0x49) next = KATAKANA;
          else if (lead === 0x24 && (byte === 0x40 || byte === 0x42)) next = LEAD;
          const leading = lead;
          lead = 0;
          if (next >= 0) {
            // Two escapes with nothing between them are an error.
            const twice = output;
            state = outputState = next;
            output = true;
            if (next !== ASCII) switches++;
            if (twice && !this.error()) return;
          } else {
            // An unknown escape: an error, and its two bytes are read again as text.
            output = false;
            state = outputState;
            const restore = Uint8Array.of(leading, byte);
            if (!this.error() || !this.refeed(restore, { state, outputState, lead, output, score, switches })) return;
            ({ state, outputState, lead, output, score, switches } = this);
          }
          break;
        }
      }
    }
    this.state = state;
    this.outputState = outputState;
    this.lead = lead;
    this.output = output;
    this.score = score;
    this.switches = switches;
  }
}

// GBK and gb18030 share one decoder. https://encoding.spec.whatwg.org/#gb18030-decoder
export class Gb18030Prober extends CjkProber {
  constructor(name) {
    super(name);
    this.table = null; // loaded with the first pair of bytes
  }

  reset() {
    super.reset();
    this.first = 0;
    this.second = 0;
    this.third = 0;
  }

  pending() {
    return this.first !== 0 || this.second !== 0 || this.third !== 0;
  }

  feed(bytes) {
    const { context } = this;
    let { first, second, third, score, kind, leadKind } = this;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      if (third !== 0) {
        if (byte < 0x30 || byte > 0x39) {
          // An error; second, third and this byte are read again.
          const restore = Uint8Array.of(second, third);
          first = second = third = 0;
          kind = OTHER;
          if (!this.error() || !this.refeed(restore, { first, second, third, score, kind, leadKind })) return;
          ({ first, second, third, score, kind, leadKind } = this);
          i--;
          continue;
        }
        const pointer = (((first - 0x81) * 10 + second - 0x30) * 126 + third - 0x81) * 10 + byte - 0x30;
        first = second = third = 0;
        // index gb18030 ranges code point: null between the BMP ranges and the supplementary planes.
        if ((pointer > 39419 && pointer < 189000) || pointer > 1237575) {
          kind = OTHER;
          if (!this.error()) return;
          continue;
        }
        score += FOUR_BYTE + context[leadKind];
        kind = CHARACTER;
      } else if (second !== 0) {
        if (byte >= 0x81 && byte <= 0xfe) third = byte;
        else {
          // An error; second and this byte are read again.
          const restore = Uint8Array.of(second);
          first = second = 0;
          kind = OTHER;
          if (!this.error() || !this.refeed(restore, { first, second, third, score, kind, leadKind })) return;
          ({ first, second, third, score, kind, leadKind } = this);
          i--;
        }
      } else if (first !== 0) {
        if (byte >= 0x30 && byte <= 0x39) {
          second = byte;
          continue;
        }
        const pointer = (first - 0x81) * 190 + byte - (byte < 0x7f ? 0x40 : 0x41);
        first = 0;
        const weight =
          (byte >= 0x40 && byte <= 0x7e) || (byte >= 0x80 && byte <= 0xfe)
            ? (this.table ??= pointerTable('gbk'))[pointer]
            : UNMAPPED;
        if (weight === UNMAPPED) {
          kind = OTHER;
          if (!this.error()) return;
          if (byte < 0x80) i--; // restored
          continue;
        }
        score += weight + context[leadKind];
        kind = CHARACTER;
      } else if (byte < 0x80) {
        // an ASCII byte after a character; an ASCII letter after other ASCII (a Latin word starts)
        if (kind === CHARACTER) score += context[3 + ASCII_KIND[byte]];
        else if ((kind === OTHER || kind === START) && ASCII_KIND[byte] === LETTER) score += context[5];
        kind = ASCII_KIND[byte];
      } else if (byte === 0x80) {
        score += EURO + context[kind];
        kind = CHARACTER;
      } else if (byte === 0xff) {
        kind = OTHER;
        if (!this.error()) return;
      } else {
        first = byte;
        leadKind = kind;
      }
    }
    this.first = first;
    this.second = second;
    this.third = third;
    this.score = score;
    this.kind = kind;
    this.leadKind = leadKind;
  }
}
