// One conversion: the input's chunks through encoding-wasm/convert's Converter (the one the
// converter page uses) to the output. Memory is bounded by the chunk size whatever the input.
import { Converter } from 'encoding-wasm/convert';
import { ConversionError } from './errors.js';

// options: { input, chunks (an async iterable of Uint8Array), from, to, decodeErrors ('fatal' |
// 'replacement'), encodeErrors ('fatal' | 'html'), omit (-c, //IGNORE), translit (//TRANSLIT), bom,
// keepDeclaration, write(bytes), progress }. Resolves to { bytesIn, declaration, transliterated,
// unspelled } (the counts of //TRANSLIT); throws a ConversionError for the first malformed byte or
// unencodable character.
export async function convert(options) {
  const { input, chunks, from, to, decodeErrors, encodeErrors, omit, translit, write, progress } = options;
  const converter = new Converter(from, to, {
    malformed: omit ? 'omit' : decodeErrors,
    unencodable: omit ? 'omit' : encodeErrors,
    translit,
    bom: options.bom,
    keepDeclaration: options.keepDeclaration,
  });
  let offset = 0;
  try {
    for await (const chunk of chunks) {
      const bytes = converter.convert(chunk, { stream: true });
      if (bytes.length) await write(bytes);
      offset += chunk.length;
      progress.update(offset);
    }
    const bytes = converter.convert();
    if (bytes.length) await write(bytes);
  } catch (error) {
    // (The Converter's fatal errors say what and where; the CLI says in which file.)
    if (error.kind) throw new ConversionError(`${input.name}: ${error.message}`);
    throw error;
  }
  const { declaration, transliterated, unencodable } = converter;
  return { bytesIn: offset, declaration, transliterated, unspelled: translit ? unencodable.count - transliterated : 0 };
}
