// The entry points of each family file. decoder.cpp dispatches to these by Encoding.
//
// Every entry point is declared weak: each wasm module links only some families (the core: UTF-8,
// UTF-16, single-byte, x-user-defined, replacement; each multi-byte family module: its own codecs,
// see CMakeLists.txt), and the dispatch treats an entry point that is not linked in as "this
// module does not implement that encoding". Native builds link everything.
#pragma once
#include "decode_driver.h"
#include "encode_driver.h"
#include "encoding.h"

#define EW_WEAK [[gnu::weak]]

namespace ew {

// utf8.cpp: https://encoding.spec.whatwg.org/#utf-8
EW_WEAK DecodeResult decode_utf8(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_utf8(EncoderState&, const EncodeCall&);

// utf16.cpp: https://encoding.spec.whatwg.org/#shared-utf-16-decoder
EW_WEAK DecodeResult decode_utf16(bool big_endian, DecoderState&, const DecodeCall&);

// single_byte.cpp: https://encoding.spec.whatwg.org/#legacy-single-byte-encodings
// `index` is the encoding's position among the single-byte encodings (Encoding - kSingleByteFirst).
EW_WEAK DecodeResult decode_single_byte(int index, DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_single_byte(int index, EncoderState&, const EncodeCall&);

// x_user_defined.cpp: https://encoding.spec.whatwg.org/#x-user-defined
EW_WEAK DecodeResult decode_x_user_defined(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_x_user_defined(EncoderState&, const EncodeCall&);

// replacement.cpp: https://encoding.spec.whatwg.org/#replacement
EW_WEAK DecodeResult decode_replacement(DecoderState&, const DecodeCall&);

// The multi-byte families read their indexes from tables.h; the caller has loaded the family.

// gb18030.cpp: https://encoding.spec.whatwg.org/#gb18030 (GBK's decoder is gb18030's decoder;
// its encoder is gb18030's with the GBK flag set).
EW_WEAK DecodeResult decode_gb18030(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_gb18030(bool gbk, EncoderState&, const EncodeCall&);

// big5.cpp: https://encoding.spec.whatwg.org/#big5
EW_WEAK DecodeResult decode_big5(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_big5(EncoderState&, const EncodeCall&);

// euc_jp.cpp: https://encoding.spec.whatwg.org/#euc-jp
EW_WEAK DecodeResult decode_euc_jp(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_euc_jp(EncoderState&, const EncodeCall&);

// iso_2022_jp.cpp: https://encoding.spec.whatwg.org/#iso-2022-jp
EW_WEAK DecodeResult decode_iso_2022_jp(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_iso_2022_jp(EncoderState&, const EncodeCall&);

// shift_jis.cpp: https://encoding.spec.whatwg.org/#shift_jis
EW_WEAK DecodeResult decode_shift_jis(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_shift_jis(EncoderState&, const EncodeCall&);

// euc_kr.cpp: https://encoding.spec.whatwg.org/#euc-kr
EW_WEAK DecodeResult decode_euc_kr(DecoderState&, const DecodeCall&);
EW_WEAK EncodeResult encode_euc_kr(EncoderState&, const EncodeCall&);

}  // namespace ew
