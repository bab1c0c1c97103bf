// The page of iconv_lite.mjs: code written for iconv-lite (iconv_lite_legacy.cjs, and an ES import
// of 'iconv-lite' here), bundled with 'iconv-lite' aliased to 'encoding-wasm/iconv-lite', plus the one
// line a browser needs, the Japanese tables, before the Shift_JIS body is decoded.
import iconvImported from 'iconv-lite';
import 'encoding-wasm/tables/japanese';
import legacy from './iconv_lite_legacy.cjs';
import { iconvLiteChecks } from '../checks.js';

globalThis.__results = {
  imported: iconvLiteChecks(iconvImported, 'web'),
  required: iconvLiteChecks(legacy.iconv, 'web'),
  same: legacy.iconv.decode === iconvImported.decode,
  body: legacy.readBody(new Uint8Array([0xcf, 0xf0, 0xe8]), 'win1251'),
};
