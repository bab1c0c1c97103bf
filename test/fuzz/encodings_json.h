// cpp/whatwg/encodings.json as the fuzzers read it: a small scan for the encodings' names and
// labels, not a JSON parser.
#pragma once
#include <string>
#include <vector>

namespace ew::test {

struct EncodingEntry {
  std::string name;
  std::vector<std::string> labels;
};

struct EncodingsJson {
  std::vector<EncodingEntry> encodings;  // in the file's order (the Encoding enum's)
  std::string error;                     // empty when the file read as expected
};

// Reads the file at `path`. Every object with "name": "..." is one encoding, with the strings of its
// "labels": [...]; the group objects around them ("heading", "encodings") are not. The strings of
// this file hold no escapes: one that does is an error, as are an unreadable file, an unterminated
// string, unbalanced braces and an encoding without labels.
EncodingsJson read_encodings_json(const std::string& path);

}  // namespace ew::test
