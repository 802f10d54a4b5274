// What a match log costs per game, plain JSON against zstd: the bytes on disk, and
// the time to write it (build the JSON, compress, write atomically with fsync) and to read it
// back (read, decompress, parse, check every field). The game is a real one: the sample bots
// explorer and random, 150 turns each (300 turns), played once by the judge before timing.
// Counters: bytes = the size of the log file.
#include <benchmark/benchmark.h>

#include <filesystem>

#include "amazes/arbiter/match.hpp"
#include "amazes/arbiter/match_log.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "support/files.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;

const arbiter::MatchRecord& logged_game() {
  static const arbiter::MatchRecord record = [] {
    arbiter::MatchSpec spec;
    spec.id = "bench-log";
    const Maze maze = parse_maze(testing::read_file(testing::source_dir() / "mazes" / "maze-0001.maze")).maze;
    spec.setup = arbiter::amazes_setup(maze, *draw_starts_for_seed(maze, 1), std::nullopt);
    spec.players = {arbiter::PlayerSpec{"explorer", (testing::binary_dir() / "players" / "explorer").string()},
                    arbiter::PlayerSpec{"random", (testing::binary_dir() / "players" / "random").string()}};
    spec.settings.sandbox.mode = arbiter::SandboxMode::None;
    return arbiter::run_match(spec);
  }();
  return record;
}

arbiter::LogFormat format_of(const benchmark::State& state) {
  return state.range(0) == 0 ? arbiter::LogFormat::Json : arbiter::LogFormat::Zst;
}

std::filesystem::path log_path(arbiter::LogFormat format) {
  return std::filesystem::temp_directory_path() / (std::string("amazes-bench-log") + arbiter::log_file_suffix(format));
}

// Argument: 0 plain JSON, 1 zstd.
void BM_MatchLogWrite(benchmark::State& state) {
  const auto& record = logged_game();
  const auto path = log_path(format_of(state));
  for (auto _ : state) arbiter::write_match_log(path, record);
  state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path));
  state.counters["turns"] = static_cast<double>(record.amazes()->turns.size());
  state.SetLabel(arbiter::log_format_name(format_of(state)));
  std::filesystem::remove(path);
}
BENCHMARK(BM_MatchLogWrite)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_MatchLogRead(benchmark::State& state) {
  const auto& record = logged_game();
  const auto path = log_path(format_of(state));
  arbiter::write_match_log(path, record);
  for (auto _ : state) benchmark::DoNotOptimize(arbiter::read_match_log(path).amazes()->turns.size());
  state.counters["bytes"] = static_cast<double>(std::filesystem::file_size(path));
  state.SetLabel(arbiter::log_format_name(format_of(state)));
  std::filesystem::remove(path);
}
BENCHMARK(BM_MatchLogRead)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

}  // namespace AMAZES_FILE_NAMESPACE
