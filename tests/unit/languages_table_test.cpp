// The languages table of `amazes compile`: the built-in one is config/languages.ini, every seed
// language and starter language has a row, and a bad row is one line naming FILE:LINE.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "amazes/competition/submissions.hpp"
#include "cli/ini_text.hpp"
#include "cli/languages_table.hpp"

namespace amazes::cli {
namespace AMAZES_FILE_NAMESPACE {

std::string error_of(const std::string& text) {
  try {
    read_languages_table(text, "t.ini");
  } catch (const IniError& e) {
    return e.what();
  }
  return "";
}

TEST(LanguagesTable, TheBuiltInTableIsConfigLanguagesIniWithARowPerLanguage) {
  std::ifstream in(std::string(AMAZES_SOURCE_DIR) + "/config/languages.ini");
  std::stringstream text;
  text << in.rdbuf();
  const auto file = read_languages_table(text.str(), "config/languages.ini");
  const auto built_in = default_languages();
  ASSERT_EQ(file.size(), built_in.size());
  for (const char* extension : {"c", "cpp", "hs", "java", "pas", "py", "go", "rs", "cs", "js"}) {
    const competition::Language* language = competition::language_for(built_in, extension);
    ASSERT_NE(language, nullptr) << extension;
    EXPECT_FALSE(language->run.empty()) << extension;
    EXPECT_FALSE(language->toolchain.empty()) << extension;
  }
  EXPECT_EQ(competition::language_for(built_in, "CPP")->name, "c++");
  EXPECT_EQ(competition::language_for(built_in, "txt"), nullptr);
}

TEST(LanguagesTable, PlaceholdersAreFilledAndAnUnknownOneIsNamed) {
  const competition::LanguageWords words{"/b/x.c", "/b", "x", "x.c", "/out/x"};
  EXPECT_EQ(competition::fill_language_words("gcc -o {build}/{name} {source}", words), "gcc -o /b/x /b/x.c");
  EXPECT_EQ(competition::fill_language_words("{bot}/{file}", words), "/out/x/x.c");
  std::string unknown;
  EXPECT_FALSE(competition::fill_language_words("{nope} x", words, &unknown));
  EXPECT_EQ(unknown, "{nope}");
  EXPECT_FALSE(competition::fill_language_words("a {source", words, &unknown));
}

TEST(LanguagesTable, ABadRowIsOneLineNamingItsLine) {
  EXPECT_EQ(error_of("[c]\nextensions = c\nrun = {bot}/{nope}\n"),
            "t.ini:3: unknown placeholder {nope} (known: {source}, {build}, {name}, {file}, {bot})");
  EXPECT_EQ(error_of("[c]\nextensions = c\n"), "t.ini:2: [c] has no run command");
  EXPECT_EQ(error_of("[c]\nextensions = c\nrun = x\n[d]\nextensions = C\nrun = y\n"),
            "t.ini:5: .c belongs to [c] already");
  EXPECT_EQ(error_of("[c]\nextensions = c\nrun = x\ntoolchain = gcc\n"), "t.ini:4: toolchain path gcc is not absolute");
  EXPECT_EQ(error_of("[c]\nextension = c\n"), "t.ini:2: unknown key 'extension' (extensions, compile, run, toolchain)");
  EXPECT_EQ(error_of("extensions = c\n"), "t.ini:1: a key before the first [language]");
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::cli
