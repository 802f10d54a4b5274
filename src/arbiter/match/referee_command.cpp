#include "match/referee_command.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"
#include "amazes/arbiter/sandbox_layout.hpp"
#include "amazes/printable.hpp"
#include "process/address_sanitizer.hpp"
#include "sandbox/child_limits.hpp"

namespace amazes::arbiter {

namespace {

constexpr const char* kMazeFile = "maze.txt";
constexpr const char* kLogFile = "referee.log";

// The referee is the organiser's program, trusted with the game, but a bug in it must not take
// the machine: its heap, its CPU (a generous multiple of what both players may use), no core files.
constexpr rlim_t kRefereeData = rlim_t{2} << 30;
constexpr rlim_t kRefereeOpenFiles = 64;
constexpr double kRefereeCpuFactor = 10.0;
constexpr rlim_t kRefereeCpuExtraSeconds = 60;

std::string referee_prefix(const MatchSpec& spec) {
  return fmt::format("referee '{}': ", printable(spec.settings.game.referee()));
}

std::vector<std::string> split_referee(const MatchSpec& spec) {
  SplitCommand split = split_command(spec.settings.game.referee());
  if (!split.ok()) throw PlayerCommandError(referee_prefix(spec) + "cannot split the command: " + split.error);
  return std::move(split.words);
}

bool uses(const std::vector<std::string>& words, std::string_view placeholder) {
  for (const std::string& word : words) {
    if (word.find(placeholder) != std::string::npos) return true;
  }
  return false;
}

void replace_all(std::string& word, std::string_view placeholder, const std::string& value) {
  for (std::size_t at = word.find(placeholder); at != std::string::npos;
       at = word.find(placeholder, at + value.size())) {
    word.replace(at, placeholder.size(), value);
  }
}

// The words with both placeholders filled; checks what can be checked before the game.
std::vector<std::string> filled_words(const MatchSpec& spec, const std::filesystem::path& maze_file) {
  std::vector<std::string> words = split_referee(spec);
  if (uses(words, kSeedPlaceholder) && !spec.setup.seed) {
    throw PlayerCommandError(referee_prefix(spec) +
                             "it asks for {seed}, but the game has none (its maze and starts were given: give --seed)");
  }
  for (std::string& word : words) {
    if (spec.setup.seed) replace_all(word, kSeedPlaceholder, std::to_string(*spec.setup.seed));
    replace_all(word, kMazePlaceholder, maze_file.string());
  }
  return words;
}

// A judge built with AddressSanitizer (the test suite's sanitize build): its own referees,
// `amazes referee …`, are sanitized too, and reserve terabytes of shadow memory at their start,
// which a data limit refuses. Only such a build leaves the referee's heap unlimited.
ChildHook referee_limits(const MatchSettings& settings) {
  ProcessLimits limits;
  if (!kAddressSanitizer) limits.data_size = kRefereeData;
  limits.open_files = kRefereeOpenFiles;
  limits.file_size = kRefereeLogDiskBytes;  // its log, and any other file it writes
  limits.cpu_seconds =
      static_cast<rlim_t>(std::ceil(kRefereeCpuFactor * 2 * settings.time_ms / 1000.0)) + kRefereeCpuExtraSeconds;
  return limits_hook(limits);
}

// A write beyond its file size limit fails (EFBIG) instead of killing the referee with SIGXFSZ:
// a referee whose log runs on still ends its game with its result. The disposition is reset
// for every child before the hooks run, and an ignored signal stays ignored across exec.
ChildHook ignore_file_size_signal_hook() {
  return ChildHook{"sigaction(SIGXFSZ)", [] {
                     struct sigaction ignore {};
                     ignore.sa_handler = SIG_IGN;
                     return ::sigaction(SIGXFSZ, &ignore, nullptr) == 0 ? 0 : errno;
                   }};
}

void write_private_file(const std::filesystem::path& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    throw JudgeFailure(fmt::format("cannot write {} for the referee: {}", path.string(), std::strerror(errno)));
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      throw JudgeFailure(fmt::format("cannot write {} for the referee: {}", path.string(), std::strerror(error)));
    }
    done += static_cast<std::size_t>(n);
  }
  ::close(fd);
}

}  // namespace

PrivateFolder::PrivateFolder() {
  std::string pattern = (std::filesystem::temp_directory_path() / "amazes-referee-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {  // mode 0700
    throw JudgeFailure(fmt::format("cannot make a folder for the referee in {}: {}",
                                   std::filesystem::temp_directory_path().string(), std::strerror(errno)));
  }
  path_ = pattern;
}

PrivateFolder::~PrivateFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

namespace {

// The referee's program: the word `amazes` is this judge's own program (its built-in referees,
// `amazes referee more|amazes`, with the rules this judge has), whatever PATH holds; any other
// word as execvp finds it.
ProgramLookup find_referee_program(const std::string& word) {
  if (word == "amazes") {
    std::error_code error;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) return ProgramLookup{self, {}};
  }
  return find_program(word);
}

}  // namespace

void check_referee_command(const MatchSpec& spec) {
  const std::vector<std::string> words = filled_words(spec, "maze");
  const ProgramLookup program = find_referee_program(words.front());
  if (!program.ok()) throw PlayerCommandError(referee_prefix(spec) + program.error);
}

RefereeLaunch make_referee_launch(const MatchSpec& spec) {
  RefereeLaunch launch;
  launch.folder = std::make_unique<PrivateFolder>();
  launch.log_file = launch.folder->path() / kLogFile;
  const bool on_maze = spec.settings.game.on_maze();
  const std::filesystem::path maze_file = on_maze ? launch.folder->path() / kMazeFile : std::filesystem::path();
  // A folder a player is given must not hold them (a temporary folder inside a bot's, say): the
  // maze is the game's secret, and the log quotes both players.
  std::vector<Secret> secrets = {{"the referee's log file", launch.log_file}};
  if (on_maze) secrets.push_back({"the referee's maze file", maze_file});
  try {
    check_sandbox_layout(spec.settings.sandbox, {spec.players[0], spec.players[1]}, secrets);
  } catch (const SandboxLayoutError& error) {
    throw JudgeFailure(error.what());
  }
  if (on_maze) write_private_file(maze_file, spec.setup.payload);
  write_private_file(launch.log_file, "");  // the judge's, mode 0600, before the referee opens it
  std::vector<std::string> words = filled_words(spec, maze_file);
  const ProgramLookup program = find_referee_program(words.front());
  if (!program.ok()) throw PlayerCommandError(referee_prefix(spec) + program.error);
  words.push_back(launch.log_file.string());
  launch.spec.program = program.path;
  launch.spec.argv = std::move(words);
  launch.spec.child_hooks.push_back(referee_limits(spec.settings));
  launch.spec.child_hooks.push_back(ignore_file_size_signal_hook());
  return launch;
}

}  // namespace amazes::arbiter
