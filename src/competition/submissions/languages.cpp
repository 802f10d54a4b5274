#include <algorithm>
#include <cctype>

#include "amazes/competition/submissions.hpp"

namespace amazes::competition {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

const std::string* word_for(std::string_view key, const LanguageWords& words) {
  if (key == "source") return &words.source;
  if (key == "build") return &words.build;
  if (key == "name") return &words.name;
  if (key == "file") return &words.file;
  if (key == "bot") return &words.bot;
  return nullptr;
}

}  // namespace

std::optional<std::string> fill_language_words(std::string_view text, const LanguageWords& words,
                                               std::string* unknown) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t open = text.find('{', at);
    out.append(text.substr(at, open - at));
    if (open == std::string_view::npos) break;
    const std::size_t close = text.find('}', open);
    const std::string_view key =
        close == std::string_view::npos ? text.substr(open) : text.substr(open + 1, close - open - 1);
    const std::string* word = close == std::string_view::npos ? nullptr : word_for(key, words);
    if (word == nullptr) {
      if (unknown != nullptr)
        *unknown = close == std::string_view::npos ? std::string(key) : "{" + std::string(key) + "}";
      return std::nullopt;
    }
    out += *word;
    at = close + 1;
  }
  return out;
}

const Language* language_for(const std::vector<Language>& languages, std::string_view extension) {
  const std::string wanted = lower(extension);
  for (const auto& language : languages) {
    if (std::find(language.extensions.begin(), language.extensions.end(), wanted) != language.extensions.end()) {
      return &language;
    }
  }
  return nullptr;
}

}  // namespace amazes::competition
