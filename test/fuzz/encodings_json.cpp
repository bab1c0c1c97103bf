#include "encodings_json.h"

#include <fstream>
#include <iterator>

namespace ew::test {

EncodingsJson read_encodings_json(const std::string& path) {
  EncodingsJson result;
  auto fail = [&](const std::string& why) {
    result.encodings.clear();
    result.error = path + ": " + why;
    return result;
  };
  std::ifstream file(path, std::ios::binary);
  if (!file.good()) return fail("cannot read the file");
  const std::string json((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());

  // Tokens: strings (their text) and the structural characters.
  struct Token {
    char kind;  // '"' for a string, else the character
    std::string text;
  };
  std::vector<Token> tokens;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (c == '"') {
      const size_t end = json.find('"', i + 1);
      if (end == std::string::npos) return fail("unterminated string");
      std::string text = json.substr(i + 1, end - i - 1);
      if (text.find('\\') != std::string::npos) return fail("unexpected escape in \"" + text + "\"");
      tokens.push_back({'"', std::move(text)});
      i = end;
    } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',') {
      tokens.push_back({c, {}});
    }
  }

  // The objects open around the current token, innermost last (a group holds its encodings).
  struct Object {
    EncodingEntry entry;
    bool has_name = false;
  };
  std::vector<Object> open;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (t.kind == '{') {
      open.emplace_back();
      continue;
    }
    if (t.kind == '}') {
      if (open.empty()) return fail("unbalanced braces");
      Object object = std::move(open.back());
      open.pop_back();
      if (!object.has_name) continue;
      if (object.entry.labels.empty()) return fail(object.entry.name + " has no labels");
      result.encodings.push_back(std::move(object.entry));
      continue;
    }
    // A key: a string followed by ':' and its value.
    if (t.kind != '"' || open.empty() || i + 2 >= tokens.size() || tokens[i + 1].kind != ':') continue;
    if (t.text == "name" && tokens[i + 2].kind == '"') {
      open.back().entry.name = tokens[i + 2].text;
      open.back().has_name = true;
      i += 2;
    } else if (t.text == "labels" && tokens[i + 2].kind == '[') {
      for (i += 3; i < tokens.size() && tokens[i].kind != ']'; ++i)
        if (tokens[i].kind == '"') open.back().entry.labels.push_back(tokens[i].text);
    }
  }
  if (!open.empty()) return fail("unbalanced braces");
  return result;
}

}  // namespace ew::test
