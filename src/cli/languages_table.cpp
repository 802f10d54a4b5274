#include "languages_table.hpp"

#include <algorithm>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "amazes/languages_table_text.hpp"
#include "ini_text.hpp"

namespace amazes::cli {

namespace {

std::vector<std::string> words_of(const std::string& value) {
  std::vector<std::string> words;
  std::istringstream in(value);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

void check_placeholders(const std::string& text, const std::string& file, int line) {
  std::string unknown;
  if (!competition::fill_language_words(text, {}, &unknown)) {
    throw IniError(ini_place(file, line,
                             fmt::format("unknown placeholder {} (known: {{source}}, {{build}}, {{name}}, "
                                         "{{file}}, {{bot}})",
                                         unknown)));
  }
}

}  // namespace

std::vector<competition::Language> read_languages_table(std::string_view text, const std::string& file) {
  // Any section is a language: the list of allowed headers is the one the text has.
  std::vector<std::string> sections;
  {
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
      const auto open = line.find('[');
      const auto close = line.find(']');
      if (open != std::string::npos && close != std::string::npos && close > open &&
          line.find_first_not_of(" \t") == open) {
        std::string name = line.substr(open + 1, close - open - 1);
        name.erase(0, name.find_first_not_of(" \t"));
        name.erase(name.find_last_not_of(" \t") + 1);
        sections.push_back(name);
      }
    }
  }
  std::vector<competition::Language> languages;
  std::map<std::string, int> line_of;
  std::map<std::string, std::string> owner;
  for (const IniEntry& entry : read_ini_text(text, file, sections)) {
    if (entry.section.empty()) throw IniError(ini_place(file, entry.line, "a key before the first [language]"));
    if (languages.empty() || languages.back().name != entry.section) {
      languages.push_back({entry.section, {}, {}, {}, {}});
      line_of[entry.section] = entry.line;
    }
    competition::Language& language = languages.back();
    if (entry.key == "extensions") {
      for (std::string extension : words_of(entry.value)) {
        std::transform(extension.begin(), extension.end(), extension.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (extension.starts_with(".")) extension.erase(0, 1);
        if (auto [it, fresh] = owner.emplace(extension, language.name); !fresh && it->second != language.name) {
          throw IniError(
              ini_place(file, entry.line, fmt::format(".{} belongs to [{}] already", extension, it->second)));
        }
        language.extensions.push_back(extension);
      }
    } else if (entry.key == "compile") {
      check_placeholders(entry.value, file, entry.line);
      language.compile = entry.value;
    } else if (entry.key == "run") {
      check_placeholders(entry.value, file, entry.line);
      language.run = entry.value;
    } else if (entry.key == "toolchain") {
      for (const auto& path : words_of(entry.value)) {
        if (!path.starts_with("/")) {
          throw IniError(ini_place(file, entry.line, fmt::format("toolchain path {} is not absolute", path)));
        }
        language.toolchain.push_back(path);
      }
    } else {
      throw IniError(ini_place(file, entry.line,
                               fmt::format("unknown key '{}' (extensions, compile, run, toolchain)", entry.key)));
    }
  }
  for (const auto& language : languages) {
    if (language.run.empty())
      throw IniError(ini_place(file, line_of[language.name], "[" + language.name + "] has no run command"));
    if (language.extensions.empty()) {
      throw IniError(ini_place(file, line_of[language.name], "[" + language.name + "] has no extensions"));
    }
  }
  return languages;
}

std::vector<competition::Language> default_languages() {
  return read_languages_table(assets::kLanguagesTable, "config/languages.ini (built in)");
}

}  // namespace amazes::cli
