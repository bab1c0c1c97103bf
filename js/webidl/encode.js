// Non-standard: the Encoding Standard's encoders for every encoding that has one, the ones browsers
// use internally for forms and URLs. https://encoding.spec.whatwg.org/#encode
// (the core at load in browsers too: encoding runs in it)
import '#host/core_at_load.js';
import * as core from '../wasm/core.js';
import * as MESSAGES from './messages.js';
import { runEncoder } from '../wasm/run_encoder.js';
import { toDictionary, toDOMString } from './webidl.js';

// Encodes `input` with the encoding `label` names. errorMode "fatal" (the default) throws a
// TypeError at the first code point the encoding cannot represent; "html" writes it as "&#N;" the
// way form submission does. Returns a new Uint8Array.
export function encode(input, label = 'utf-8', options = undefined) {
  const text = toDOMString(input);
  label = toDOMString(label);
  const dict = toDictionary(options, 'options');
  const errorMode = dict?.errorMode === undefined ? 'fatal' : toDOMString(dict.errorMode);
  if (errorMode !== 'fatal' && errorMode !== 'html') throw new TypeError(MESSAGES.badErrorMode(errorMode));
  const id = encoderId(label);
  const encoder = { id, name: core.encodingName(id), html: errorMode === 'html', state: 0 };
  return runEncoder(core.instanceFor(id), encoder, text, true);
}

// https://encoding.spec.whatwg.org/#get-an-encoder: the encoding `label` (a string) names, which
// must have an encoder. A RangeError for an unknown label, and for replacement and UTF-16BE/LE.
export function encoderId(label) {
  const id = core.encodingId(label);
  if (id < 0) throw new RangeError(MESSAGES.badLabel(label));
  const name = core.encodingName(id);
  if (name === 'replacement' || name === 'utf-16be' || name === 'utf-16le')
    throw new RangeError(MESSAGES.noEncoder(name));
  return id;
}
