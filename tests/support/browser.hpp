#pragma once
// Pages in a real browser: Debian's chromium, headless, with the network disabled, and the PNG
// of its screenshots read back (the browser tests, tests/browser/).
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/files.hpp"
#include "support/run.hpp"

namespace amazes::testing {

inline std::string quoted(const std::filesystem::path& path) { return shell_quote(path.string()); }

inline std::string chromium() {
  const auto found = run_command("command -v chromium");
  if (found.exit_code != 0) return "";
  return found.output.substr(0, found.output.find('\n'));
}

// The browser, headless, its profile in `dir`, every network request sent nowhere (a proxy on a
// closed port, names that resolve to nothing), time-boxed twice: the page's own time by
// --virtual-time-budget, the process by timeout(1) after 60 s. --no-sandbox: chromium's own
// sandbox cannot run as root nor in most containers; the page is our own file.
inline std::string browser_command(const std::filesystem::path& dir, const std::string& action,
                                   const std::string& url) {
  return "timeout -k 5 60 " + shell_quote(chromium()) +
         " --headless --disable-gpu --no-sandbox --disable-dev-shm-usage --no-first-run"
         " --user-data-dir=" +
         quoted(dir / "profile") +
         " --proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND'"
         " --virtual-time-budget=5000 " +
         action + " " + shell_quote(url) + " 2>" + quoted(dir / "browser.err");
}

inline std::string file_url(const std::filesystem::path& path, const std::string& fragment) {
  return "file://" + path.string() + fragment;
}

struct Picture {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // 3 bytes per pixel, row by row
};

inline std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}

// An 8-bit RGB or RGBA, non-interlaced PNG (what chromium writes). Throws for anything else.
inline Picture read_png(const std::filesystem::path& path) {
  const std::string png = read_file(path);
  if (png.size() < 33 || png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0)
    throw std::runtime_error(path.string() + ": not a PNG");
  Picture picture;
  int channels = 0;
  std::string compressed;
  for (std::size_t at = 8; at + 8 <= png.size();) {
    const std::uint32_t length = big_endian(png, at);
    const std::string type = png.substr(at + 4, 4);
    const std::size_t data = at + 8;
    if (type == "IHDR") {
      picture.width = static_cast<int>(big_endian(png, data));
      picture.height = static_cast<int>(big_endian(png, data + 4));
      const int depth = static_cast<unsigned char>(png[data + 8]);
      const int colour = static_cast<unsigned char>(png[data + 9]);
      const int interlace = static_cast<unsigned char>(png[data + 12]);
      if (depth != 8 || (colour != 2 && colour != 6) || interlace != 0) throw std::runtime_error("unexpected PNG kind");
      channels = colour == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      compressed += png.substr(data, length);
    }
    at = data + length + 4;  // the data and its CRC
  }
  const std::size_t stride = static_cast<std::size_t>(picture.width) * static_cast<std::size_t>(channels);
  std::vector<std::uint8_t> raw((stride + 1) * static_cast<std::size_t>(picture.height));
  uLongf size = raw.size();
  if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(compressed.data()), compressed.size()) != Z_OK ||
      size != raw.size()) {
    throw std::runtime_error(path.string() + ": bad image data");
  }
  // Undo the per-row filters (PNG specification, section 9).
  std::vector<std::uint8_t> pixels(stride * static_cast<std::size_t>(picture.height));
  const auto bpp = static_cast<std::size_t>(channels);
  for (std::size_t y = 0; y < static_cast<std::size_t>(picture.height); ++y) {
    const std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* out = &pixels[y * stride];
    const std::uint8_t* up = y > 0 ? &pixels[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      const int a = x >= bpp ? out[x - bpp] : 0;
      const int b = up != nullptr ? up[x] : 0;
      const int c = x >= bpp && up != nullptr ? up[x - bpp] : 0;
      int predicted = 0;
      switch (filter) {
        case 0: predicted = 0; break;
        case 1: predicted = a; break;
        case 2: predicted = b; break;
        case 3: predicted = (a + b) / 2; break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: throw std::runtime_error("unknown PNG filter");
      }
      out[x] = static_cast<std::uint8_t>(in[x] + predicted);
    }
  }
  for (std::size_t i = 0; i < pixels.size(); i += bpp)
    picture.rgb.insert(picture.rgb.end(), &pixels[i], &pixels[i] + 3);
  return picture;
}

}  // namespace amazes::testing
