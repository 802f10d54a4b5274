// The match log reader on any bytes, as `amazes log show` and `amazes replay` read a log:
// decompressed first when the bytes are zstd (bounded: a bomb is refused), then parse_match_log (JSON, then every field
// checked), then the whole game replayed and checked by the rules engine (checked_replay). Each step may refuse the
// input with its one-line error (runtime_error, ReplayMismatch); any other exception, a crash or a sanitizer report (a
// signed overflow included) is a finding.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "amazes/arbiter/match_log.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/files/zstd_text.hpp"
#include "amazes/report/log_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace amazes;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string decompressed;
  if (files::is_zstd(text)) {
    try {
      // A bound of 1 MiB instead of the log's 64 MiB: the same code, at a fuzzer's pace.
      decompressed = files::zstd_decompress(text, 1U << 20, "fuzz.json.zst");
    } catch (const files::FileError& error) {
      if (std::string_view(error.what()).find('\n') != std::string_view::npos) __builtin_trap();
      return 0;
    }
    text = decompressed;
  }
  arbiter::MatchRecord record;
  try {
    record = arbiter::parse_match_log(text, "fuzz.json");
  } catch (const std::runtime_error& error) {
    if (std::string_view(error.what()).find('\n') != std::string_view::npos) __builtin_trap();
    return 0;
  }
  try {
    (void)report::checked_replay(record);
  } catch (const report::ReplayMismatch& error) {
    if (std::string_view(error.what()).find('\n') != std::string_view::npos) __builtin_trap();
  }
  return 0;
}
