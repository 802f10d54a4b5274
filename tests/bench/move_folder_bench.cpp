// What the judge does in a per-move player's folder before each move (sandbox/move_folder.hpp):
// the last answer removed and the input rewritten in place with its room kept. BM_MoveFolderPrepare
// times that for a Susan-sized input (a game of 40 moves, 261 bytes) in a folder that is
//   0 empty but for the input        1 full, as tests/bots/move_fill.cpp leaves it (64 MiB,
//                                      999 entries, the answer a hard link to the filler).
// BM_FolderClear is what the other way would cost: every entry the program left removed before
// each move (as root the folder is a tmpfs; it is measured full). Docs/performance.md has figures.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "amazes/arbiter/private_mounts.hpp"
#include "arbiter/sandbox/move_folder.hpp"
#include "support/files.hpp"

namespace AMAZES_FILE_NAMESPACE {

using namespace amazes;
namespace fs = std::filesystem;

constexpr uid_t kPlayerUid = 64999;

std::string susan_input() {
  std::string text = "40\n";
  for (int move = 0; move < 40; ++move)
    text += "e" + std::to_string(move % 9 + 1) + "-f" + std::to_string(move % 8 + 1) + "\n";
  return text;
}

// The folder as the filler leaves it: 64 files of 1 MiB (in files of 16), then empty files until
// none can be made; its answer a hard link to the first.
void fill(const fs::path& folder) {
  const std::vector<char> block(1 << 20, 'x');
  for (int file = 0; file < 4; ++file) {
    const int fd = ::open((folder / ("fill" + std::to_string(file))).c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    for (int piece = 0; piece < 16 && fd >= 0; ++piece) (void)::write(fd, block.data(), block.size());
    if (fd >= 0) ::close(fd);
  }
  for (int entry = 0;; ++entry) {
    const int fd = ::open((folder / ("entry" + std::to_string(entry))).c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0 || entry > 2000) break;
    ::close(fd);
  }
}

void answer(const fs::path& folder, bool full) {
  if (full) {
    (void)::link((folder / "fill0").c_str(), (folder / "SPEL.UIT").c_str());
  } else {
    testing::write_file(folder / "SPEL.UIT", "e5\n");
  }
}

void BM_MoveFolderPrepare(benchmark::State& state) {
  if (::geteuid() != 0 || !arbiter::enter_private_mount_namespace().empty()) {
    state.SkipWithError("needs root and a mount namespace of its own");
    return;
  }
  const bool full = state.range(0) == 1;
  testing::ScratchDir scratch("move-folder-bench");
  arbiter::MoveFolder folder(scratch.path() / "1", kPlayerUid, "SPEL.IN");
  if (full) fill(folder.path());
  const std::string input = susan_input();
  for (auto _ : state) {
    state.PauseTiming();
    answer(folder.path(), full);
    state.ResumeTiming();
    if (auto why = folder.prepare_move(input, "SPEL.UIT")) state.SkipWithError(why->c_str());
  }
}
BENCHMARK(BM_MoveFolderPrepare)->DenseRange(0, 1)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_FolderClear(benchmark::State& state) {
  if (::geteuid() != 0 || !arbiter::enter_private_mount_namespace().empty()) {
    state.SkipWithError("needs root and a mount namespace of its own");
    return;
  }
  testing::ScratchDir scratch("folder-clear-bench");
  arbiter::MoveFolder folder(scratch.path() / "1", kPlayerUid, "SPEL.IN");
  for (auto _ : state) {
    state.PauseTiming();
    fill(folder.path());
    answer(folder.path(), true);
    state.ResumeTiming();
    for (const auto& entry : fs::directory_iterator(folder.path())) {
      if (entry.path().filename() != "SPEL.IN") fs::remove_all(entry.path());
    }
  }
}
BENCHMARK(BM_FolderClear)->Unit(benchmark::kMicrosecond)->UseRealTime()->Iterations(20);

}  // namespace AMAZES_FILE_NAMESPACE
