// Which characters a player name may hold.
#include "submissions/name_characters.hpp"

#include <array>
#include <utility>

namespace amazes::competition {
namespace {

bool is_ascii_alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Code points beyond ASCII that show nothing, or could make a name look like another: blanks,
// format and control characters, private use, noncharacters.
bool is_invisible(char32_t c) {
  constexpr std::array<std::pair<char32_t, char32_t>, 18> kRanges = {{
      {0x80, 0xA0},        // C1 controls, no-break space
      {0xAD, 0xAD},        // soft hyphen
      {0x34F, 0x34F},      // combining grapheme joiner
      {0x61C, 0x61C},      // Arabic letter mark
      {0x1680, 0x1680},    // Ogham space mark
      {0x180E, 0x180E},    // Mongolian vowel separator
      {0x2000, 0x200F},    // spaces, zero-width characters, direction marks
      {0x2028, 0x202F},    // line and paragraph separators, embeddings and overrides, narrow no-break space
      {0x205F, 0x206F},    // medium mathematical space, invisible operators, isolates
      {0x3000, 0x3000},    // ideographic space
      {0x3164, 0x3164},    // Hangul filler
      {0xE000, 0xF8FF},    // private use
      {0xFDD0, 0xFDEF},    // noncharacters
      {0xFEFF, 0xFEFF},    // byte-order mark (zero-width no-break space)
      {0xFFF0, 0xFFFF},    // specials (the replacement character among them), noncharacters
      {0xE0000, 0xE0FFF},  // tags, variation selectors supplement
      {0xF0000, 0x10FFFF}  // supplementary private use
  }};
  for (const auto& [low, high] : kRanges) {
    if (c >= low && c <= high) return true;
  }
  return (c & 0xFFFE) == 0xFFFE;  // the noncharacters at the end of every plane
}

}  // namespace

NameCharacter name_character(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) {
    const bool alnum = is_ascii_alnum(lead);
    return {1, alnum || lead == '.' || lead == '_' || lead == '+' || lead == '-', alnum};
  }
  // The length and the range of the second byte of each lead byte (RFC 3629 §4): no overlong
  // forms, no surrogates, nothing above U+10FFFF.
  std::size_t length = 0;
  unsigned char second_low = 0x80;
  unsigned char second_high = 0xBF;
  char32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1Fu;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0Fu;
    if (lead == 0xE0) second_low = 0xA0;
    if (lead == 0xED) second_high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07u;
    if (lead == 0xF0) second_low = 0x90;
    if (lead == 0xF4) second_high = 0x8F;
  } else {
    return {};
  }
  if (text.size() < length || byte(1) < second_low || byte(1) > second_high) return {};
  for (std::size_t i = 1; i < length; ++i) {
    if (byte(i) < 0x80 || byte(i) > 0xBF) return {};
    code = (code << 6) | (byte(i) & 0x3Fu);
  }
  const bool visible = !is_invisible(code);
  return {length, visible, visible};
}

}  // namespace amazes::competition
