// The config reader of `amazes tournament --config` on any text: it must accept it or refuse it
// with a TournamentOptionError (one line); any other exception, a crash or a sanitizer report
// is a finding.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "cli/tournament_options.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace amazes::cli;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  boost::program_options::variables_map values;
  try {
    (void)read_config_text(text, "fuzz.ini", values);
  } catch (const TournamentOptionError& error) {
    if (std::string_view(error.what()).find('\n') != std::string_view::npos) __builtin_trap();
  }
  return 0;
}
