#include "amazes/printable.hpp"

namespace amazes {

std::string printable(std::string_view text) {
  static constexpr const char* kHex = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

std::string quoted_printable(std::string_view raw, std::size_t max) {
  std::string text = printable(raw.substr(0, max));
  if (raw.size() > max) text += "...";
  return "\"" + text + "\"";
}

}  // namespace amazes
