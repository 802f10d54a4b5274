// Channels between bots: kernel state that outlives a turn (the judge freezes the player not on
// turn, so only such state carries bits from one player of a game to the other) or a game (a
// bot's own later game on the same maze), set through the shared, read-only runtime and read
// back by another player. The channel bot (tests/bots/channel.cpp) tries each with a 16-bit
// pattern. In the sandbox the receiver must see the same whatever was sent, the denied call
// must fail with the filter's answer or do nothing, and the game must go on as usual. Without
// the filter (--sandbox none, as root) every channel carries the pattern: the bot is a real
// attack, and the tests can fail. Those controls, like every control here, are judged by
// support/channel_control.hpp: a few tries, most of the bits right.
//
// Run under the namespaces sandbox and once more behind bubblewrap (tests/CMakeLists.txt).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sys/wait.h>

#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

#include "amazes/arbiter/match_log.hpp"
#include "support/channel_control.hpp"
#include "support/files.hpp"
#include "support/match_fixture.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;
using testing::bot_path;

constexpr int kTurns = 4;
// Two patterns with no bit in common: a channel would show them apart.
const std::string kPatterns[] = {"A5C3", "5A3C"};

struct Channel {
  std::string mode;
  std::string answer;  // what the channel bot reports of the call the filter denies
};

// ctest names a test by its parameter: the mode.
void PrintTo(const Channel& c, std::ostream* out) { *out << c.mode; }

std::string channel_bot(const Channel& c, const std::string& role, const std::string& pattern,
                        const std::string& file = "") {
  return bot_path("channel") + " " + c.mode + " " + role + " " + pattern + " " + std::to_string(kTurns) +
         (file.empty() ? "" : " " + file);
}

arbiter::MatchRecord play(const std::string& red, const std::string& blue, const arbiter::SandboxSettings& sandbox) {
  auto spec = testing::match_spec(red, blue);
  spec.settings.turns = kTurns;
  spec.settings.sandbox = sandbox;
  spec.settings.time_ms = arbiter::MatchSettings{}.time_ms;  // a busy machine's slow start is not the point
  return arbiter::run_match(spec);
}

arbiter::SandboxSettings no_sandbox() {
  arbiter::SandboxSettings none;
  none.mode = arbiter::SandboxMode::None;
  return none;
}

// The game went on as usual: played to its end, both players without a fault and exited
// normally, in the sandbox asked for, nothing left.
void expect_normal_game(const arbiter::MatchRecord& record) {
  EXPECT_EQ(record.amazes()->turns.size(), static_cast<std::size_t>(2 * kTurns)) << "the match did not complete";
  for (const auto& player : record.outcome) {
    EXPECT_FALSE(player.fault.has_value()) << player.exit << "\n" << player.stderr_text;
    EXPECT_EQ(player.exit, "exit 0") << player.stderr_text;
  }
  const auto mode = record.settings.sandbox.mode;
  if (mode != arbiter::SandboxMode::None) {
    EXPECT_EQ(record.sandbox.rfind(std::string(arbiter::sandbox_mode_name(mode)) + " + seccomp", 0), 0U)
        << record.sandbox;
  }
  EXPECT_TRUE(testing::no_child_left());
}

// The bits the receiver saw ("channel: MODE: received XXXX"), or "none" when it said nothing.
std::string received(const arbiter::PlayerOutcome& receiver, const std::string& mode) {
  std::smatch m;
  if (std::regex_search(receiver.stderr_text, m, std::regex("channel: " + mode + ": received ([0-9A-F]{4})"))) {
    return m[1];
  }
  return "none";
}

bool said(const arbiter::MatchRecord& record, const std::string& line) {
  return record.outcome[0].stderr_text.find(line) != std::string::npos ||
         record.outcome[1].stderr_text.find(line) != std::string::npos;
}

std::string param_name(const ::testing::TestParamInfo<Channel>& info) {
  std::string name = info.param.mode;
  for (char& c : name) c = c == '-' ? '_' : c;
  return name;
}

// ---------------------------------------------------------------------------------------------
// Between the two players of a game: red sends at its turns, blue receives at its turns.

class SandboxChannelBetweenPlayers : public ::testing::TestWithParam<Channel> {};

// Red sends the pattern, blue reports what it saw.
arbiter::MatchRecord between_players(const Channel& c, const std::string& pattern,
                                     const arbiter::SandboxSettings& sandbox) {
  return play(channel_bot(c, "send", pattern), channel_bot(c, "receive", "0"), sandbox);
}

TEST_P(SandboxChannelBetweenPlayers, CarriesNoBit) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const Channel& c = GetParam();
  std::set<std::string> seen;
  for (const auto& pattern : kPatterns) {
    const auto record = between_players(c, pattern, testing::isolated_settings());
    expect_normal_game(record);
    EXPECT_TRUE(said(record, "channel: " + c.mode + ": " + c.answer))
        << record.outcome[0].stderr_text << record.outcome[1].stderr_text;
    seen.insert(received(record.outcome[1], c.mode));
  }
  EXPECT_EQ(seen.size(), 1U) << "what blue saw depends on what red sent";
  EXPECT_EQ(seen.count("none"), 0U) << "blue did not report";
}

TEST_P(SandboxChannelBetweenPlayers, WithoutTheFilterCarriesThePattern) {
  const Channel& c = GetParam();
  for (const auto& pattern : kPatterns) {
    testing::expect_control_shows_channel([&] {
      const auto record = between_players(c, pattern, no_sandbox());
      expect_normal_game(record);
      return testing::pattern_missed(pattern, received(record.outcome[1], c.mode));
    });
  }
}

INSTANTIATE_TEST_SUITE_P(LocksAndWatches, SandboxChannelBetweenPlayers,
                         ::testing::Values(Channel{"flock", "flock: ok"}, Channel{"posix-lock", "F_SETLK: ok"},
                                           Channel{"ofd-lock", "F_OFD_SETLK: ok"},
                                           Channel{"inotify", "inotify_init1: ENOSYS"},
                                           Channel{"dnotify", "F_NOTIFY: EINVAL"}),
                         param_name);

// ---------------------------------------------------------------------------------------------
// From one game to a later one in the same judge, through the page cache of a runtime file:
// game 1's red evicts it and reads the pages of its 1 bits, game 2's red looks which are cached.

// A large runtime file that no program maps (a mapped page would not be evicted): the largest
// file of the library folder that is not a shared library.
std::string rarely_read_file() {
  std::string best;
  std::uintmax_t best_size = 0;
  for (const auto& entry : fs::directory_iterator("/usr/lib/x86_64-linux-gnu")) {
    const std::string name = entry.path().filename().string();
    if (!entry.is_regular_file() || entry.is_symlink() || name.find(".so") != std::string::npos) continue;
    if (entry.file_size() > best_size) best = entry.path().string(), best_size = entry.file_size();
  }
  EXPECT_GE(best_size, 1U << 20) << "no large file in /usr/lib/x86_64-linux-gnu";
  return best;
}

// Drops the file's pages from the page cache, from here, outside the sandbox.
void evict(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0) << path;
  EXPECT_EQ(::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED), 0);
  ::close(fd);
}

// A folder of the test's own under the build folder (a disk: a tmpfs never evicts a page), with a
// large file that nothing else reads, and copies of bots: a page-cache control's cache is then
// its own, whatever other tests and judges read meanwhile. Every UID may read it.
class PageCacheFolder {
 public:
  PageCacheFolder()
      : path_(testing::binary_dir() / ("page-cache-" + std::to_string(::getpid()) + "-" + std::to_string(count()++))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
    fs::permissions(path_, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                               fs::perms::others_read | fs::perms::others_exec);
    std::string data(8U << 20, '\0');
    for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>('a' + i * 7919 % 26);
    testing::write_file(file(), data);
    const int fd = ::open(file().c_str(), O_RDONLY | O_CLOEXEC);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(::fsync(fd), 0);  // clean pages: an eviction drops them
    ::close(fd);
    fs::permissions(file(),
                    fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
  }
  ~PageCacheFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  PageCacheFolder(const PageCacheFolder&) = delete;
  PageCacheFolder& operator=(const PageCacheFolder&) = delete;
  std::string file() const { return (path_ / "data").string(); }
  // A copy of the bot in the folder: its sandbox shows the file.
  std::string bot(const std::string& name) const {
    fs::copy_file(bot_path(name), path_ / name, fs::copy_options::overwrite_existing);
    return (path_ / name).string();
  }

 private:
  static int& count() {
    static int n = 0;
    return n;
  }
  fs::path path_;
};

class SandboxChannelBetweenGames : public ::testing::TestWithParam<Channel> {};

// Game 1 sends the pattern, game 2 (the same seat, the same judge) reports what it saw, through
// `file` (by default a file of the runtime, which every sandbox shows).
std::pair<arbiter::MatchRecord, arbiter::MatchRecord> between_games(const Channel& c, const std::string& pattern,
                                                                    const arbiter::SandboxSettings& sandbox,
                                                                    const std::string& file = rarely_read_file()) {
  const std::string polite = bot_path("polite") + " " + std::to_string(kTurns);
  evict(file);  // as nobody has read it lately: what the sender's eviction would leave
  auto first = play(channel_bot(c, "send", pattern, file), polite, sandbox);
  auto second = play(channel_bot(c, "receive", "0", file), polite, sandbox);
  return {std::move(first), std::move(second)};
}

TEST_P(SandboxChannelBetweenGames, CarriesNoBit) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const Channel& c = GetParam();
  std::set<std::string> seen;
  for (const auto& pattern : kPatterns) {
    const auto [first, second] = between_games(c, pattern, testing::isolated_settings());
    expect_normal_game(first);
    expect_normal_game(second);
    // The eviction returned 0 and did nothing; the look failed with the filter's answer.
    EXPECT_TRUE(said(first, "channel: " + c.mode + ": posix_fadvise: ok")) << first.outcome[0].stderr_text;
    EXPECT_TRUE(said(second, "channel: " + c.mode + ": " + c.answer)) << second.outcome[0].stderr_text;
    seen.insert(received(second.outcome[0], c.mode));
  }
  EXPECT_EQ(seen.size(), 1U) << "what game 2 saw depends on what game 1 sent";
  EXPECT_EQ(seen.count("none"), 0U) << "game 2 did not report";
}

INSTANTIATE_TEST_SUITE_P(PageCache, SandboxChannelBetweenGames,
                         ::testing::Values(Channel{"mincore", "mincore: ENOSYS"}, Channel{"preadv2", "preadv2: ENOSYS"},
                                           Channel{"cachestat", "cachestat: ENOSYS"},
                                           Channel{"aio", "io_setup: ENOSYS"}),
                         param_name);

// The probes are real: without the filter (`--sandbox none`) the reads that do not wait for the
// disk show game 1's pattern to game 2, through a file of the test's own. (mincore and cachestat tell the page cache
// only to a process that owns the file or may write it, which no player's UID does, even without a sandbox: they carry
// nothing there either.)
class SandboxChannelBetweenGamesUnfiltered : public SandboxChannelBetweenGames {};

TEST_P(SandboxChannelBetweenGamesUnfiltered, CarriesThePattern) {
  const Channel& c = GetParam();
  const PageCacheFolder folder;
  for (const auto& pattern : kPatterns) {
    testing::expect_control_shows_channel([&] {
      const auto [first, second] = between_games(c, pattern, no_sandbox(), folder.file());
      expect_normal_game(first);
      expect_normal_game(second);
      return testing::pattern_missed(pattern, received(second.outcome[0], c.mode));
    });
  }
}

INSTANTIATE_TEST_SUITE_P(PageCache, SandboxChannelBetweenGamesUnfiltered,
                         ::testing::Values(Channel{"preadv2", "preadv2: ENOSYS"}, Channel{"aio", "io_setup: ENOSYS"}),
                         param_name);

// ---------------------------------------------------------------------------------------------
// What the filter cannot close: a page read caches it, and a later game tells the cached ones
// by their major-fault count. --sandbox-drop-caches forgets them before each game.

// Game 1 reads the pages of its bits, game 2 reports which are cached: "sent" and "received". The
// file is in the bot's own folder, and nothing else reads it.
std::pair<std::string, std::string> residency(const arbiter::SandboxSettings& sandbox) {
  const PageCacheFolder folder;
  const std::string bot = folder.bot("residual_channel");
  const std::string bits = " 1234 256 " + folder.file() + " 3";
  evict(folder.file());
  const auto first = play(bot + " residency send" + bits, bot_path("polite") + " 3", sandbox);
  const auto second = play(bot + " residency faults" + bits, bot_path("polite") + " 3", sandbox);
  std::smatch sent, got;
  const bool ok =
      std::regex_search(first.outcome[0].stderr_text, sent, std::regex("residual: sent ([0-9a-fA-F]+)")) &&
      std::regex_search(second.outcome[0].stderr_text, got, std::regex("residual: received ([0-9a-fA-F]+)"));
  EXPECT_TRUE(ok) << first.outcome[0].stderr_text << second.outcome[0].stderr_text;
  if (sandbox.drop_caches) {
    EXPECT_NE(second.sandbox.find(" + page cache dropped"), std::string::npos) << second.sandbox;
  }
  return ok ? std::pair(sent[1].str(), got[1].str()) : std::pair(std::string("?"), std::string("!"));
}

TEST(SandboxPageCache, ALaterGameReadsWhatAnEarlierOneCachedUnlessTheCacheIsDropped) {
  REQUIRE_SANDBOX(testing::isolation_under_test(), "root");
  testing::expect_control_shows_channel([] {
    const auto [sent, received] = residency(testing::isolated_settings());
    return testing::pattern_missed(sent, received);
  });
  auto dropping = testing::isolated_settings();
  dropping.drop_caches = true;
  const auto [sent, seen] = residency(dropping);
  EXPECT_EQ(seen.find_first_not_of('0'), std::string::npos) << "game 2 found pages of game 1 cached: " << seen;
}

// ---------------------------------------------------------------------------------------------
// Between games that run at the same time: a futex without the private flag on a word of the C
// library's text is keyed by the file, which every player maps (tests/bots/futex_channel.cpp).
// A sender in one game, a receiver in the other: in the sandbox the receiver reads nothing, and
// both play every game without a fault; without the filter (--sandbox none) it reads the token.

const std::string kFutexToken = "2AB3C4D5";
constexpr int kFutexTurns = 2;

std::string futex_sender() {
  return bot_path("futex_channel") + " send " + kFutexToken + " " + std::to_string(kFutexTurns);
}
std::string futex_receiver() { return bot_path("futex_channel") + " receive " + std::to_string(kFutexTurns); }

std::string sandbox_option(const arbiter::SandboxSettings& sandbox) {
  return " --sandbox " + std::string(arbiter::sandbox_mode_name(sandbox.mode));
}

// The records of the games a run wrote, found under `dir` (a tournament's matches/, or the
// logs of two judges).
std::vector<arbiter::MatchRecord> records_under(const fs::path& dir) {
  std::vector<arbiter::MatchRecord> records;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && (name.ends_with(".json") || name.ends_with(".json.zst")) &&
        entry.path().parent_path().filename() == "matches") {
      records.push_back(arbiter::read_match_log(entry.path()));
    }
  }
  return records;
}

// Every token any player of `records` read through the futex.
std::multiset<std::string> futex_tokens(const std::vector<arbiter::MatchRecord>& records) {
  std::multiset<std::string> tokens;
  const std::regex received("futex: received ([0-9A-F]{8})");
  for (const auto& record : records) {
    for (const auto& player : record.outcome) {
      for (std::sregex_iterator it(player.stderr_text.begin(), player.stderr_text.end(), received), end; it != end;
           ++it) {
        tokens.insert((*it)[1]);
      }
    }
  }
  return tokens;
}

// A tournament of the sender and the receiver at -j 2: the two colour-swapped games of the
// round run at once, the sender on turn in one while the receiver is in the other.
std::vector<arbiter::MatchRecord> futex_tournament(const testing::ScratchDir& dir, const std::string& sandbox) {
  const auto run = testing::run_command(testing::amazes_exe() + " tournament -j 2 --rounds 1 --seed 5 --turns " +
                                        std::to_string(kFutexTurns) + sandbox + " -q --log-format json --out " +
                                        testing::shell_quote((dir.path() / "out").string()) + " " +
                                        testing::shell_quote("send=" + futex_sender()) + " " +
                                        testing::shell_quote("receive=" + futex_receiver()) + " 2>&1");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  auto records = records_under(dir.path() / "out");
  EXPECT_EQ(records.size(), 2U) << run.output;
  return records;
}

// Two judges side by side, each a game of one of the two against the polite bot.
std::vector<arbiter::MatchRecord> futex_two_judges(const testing::ScratchDir& dir, const std::string& sandbox,
                                                   const std::string& sender = futex_sender(),
                                                   const std::string& receiver = futex_receiver()) {
  fs::create_directories(dir.path() / "matches");
  std::vector<pid_t> judges;
  for (const auto& [name, command] : {std::pair{"send", sender}, std::pair{"receive", receiver}}) {
    const std::string log = (dir.path() / "matches" / (std::string(name) + ".json")).string();
    judges.push_back(testing::spawn_silently(
        {"/bin/sh", "-c",
         testing::amazes_exe() + " match --seed 5 --turns " + std::to_string(kFutexTurns) + sandbox + " --log " +
             testing::shell_quote(log) + " " + testing::shell_quote(command) + " " +
             testing::shell_quote(bot_path("polite") + " " + std::to_string(kFutexTurns))}));
  }
  for (const pid_t judge : judges) {
    int status = 0;
    EXPECT_EQ(::waitpid(judge, &status, 0), judge);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  return records_under(dir.path());
}

// Both played every turn without a fault; each futex call got the sandbox's answer: the wait
// the judge's (EAGAIN with the word unchanged: a spurious wake-up, never a wake), the wake the
// filter's.
void expect_futex_refused(const std::vector<arbiter::MatchRecord>& records) {
  for (const auto& record : records) {
    EXPECT_EQ(record.amazes()->turns.size(), static_cast<std::size_t>(2 * kFutexTurns));
    for (const auto& player : record.outcome) {
      EXPECT_FALSE(player.fault.has_value()) << player.exit << "\n" << player.stderr_text;
      EXPECT_EQ(player.exit, "exit 0") << player.stderr_text;
    }
    EXPECT_EQ(record.sandbox.rfind(testing::isolation_under_test() + " + seccomp", 0), 0U) << record.sandbox;
  }
  std::string all;
  for (const auto& record : records) all += record.outcome[0].stderr_text + record.outcome[1].stderr_text;
  EXPECT_NE(all.find("futex: FUTEX_WAIT_BITSET: EAGAIN"), std::string::npos) << all;
  EXPECT_NE(all.find("futex: FUTEX_WAKE_BITSET: EINVAL"), std::string::npos) << all;
  EXPECT_EQ(all.find("futex: FUTEX_WAIT_BITSET: ok"), std::string::npos) << all;
}

TEST(SandboxFutexChannel, GamesOfATournamentAtJ2ReadNothingOfEachOther) {
  REQUIRE_SANDBOX(testing::isolation_under_test(), "root");
  const testing::ScratchDir dir("futex-tournament");
  const auto records = futex_tournament(dir, sandbox_option(testing::isolated_settings()));
  expect_futex_refused(records);
  EXPECT_TRUE(futex_tokens(records).empty());
}

TEST(SandboxFutexChannel, TwoJudgesSideBySideReadNothingOfEachOther) {
  REQUIRE_SANDBOX(testing::isolation_under_test(), "root");
  const testing::ScratchDir dir("futex-judges");
  const auto records = futex_two_judges(dir, sandbox_option(testing::isolated_settings()));
  ASSERT_EQ(records.size(), 2U);
  expect_futex_refused(records);
  EXPECT_TRUE(futex_tokens(records).empty());
}

// The kernel's own wake: a thread of one game names the word as the address to clear at its
// exit, and exits; the kernel wakes a waiter of the word, shared, whatever a filter says of the
// calls. In the sandbox no player's shared wait is in the kernel's queues (the judge serves it),
// so none is woken; without the filter thousands are.
int futex_woken(const std::vector<arbiter::MatchRecord>& records) {
  std::smatch m;
  for (const auto& record : records) {
    const std::string& text = record.outcome[0].stderr_text;
    if (std::regex_search(text, m, std::regex("futex: woken ([0-9]+)"))) return std::stoi(m[1]);
  }
  return -1;
}
const std::string kExitSender = bot_path("futex_channel") + " exit-send " + std::to_string(kFutexTurns);
const std::string kExitReceiver = bot_path("futex_channel") + " exit-receive " + std::to_string(kFutexTurns);

TEST(SandboxFutexChannel, TheKernelsWakeAtAThreadsExitReachesNoPlayerOfAnotherGame) {
  REQUIRE_SANDBOX(testing::isolation_under_test(), "root");
  const testing::ScratchDir dir("futex-exit");
  const auto records = futex_two_judges(dir, sandbox_option(testing::isolated_settings()), kExitSender, kExitReceiver);
  ASSERT_EQ(records.size(), 2U);
  for (const auto& record : records) {
    EXPECT_EQ(record.amazes()->turns.size(), static_cast<std::size_t>(2 * kFutexTurns));
    for (const auto& player : record.outcome) EXPECT_FALSE(player.fault.has_value()) << player.stderr_text;
  }
  EXPECT_EQ(futex_woken(records), 0);
}

// The controls (support/channel_control.hpp). Two judges started apart overlap only as the
// machine lets them (on a loaded machine the sender's game may be over before the receiver's
// starts), and another test's futex bots may use the same word at the same time.
TEST(SandboxFutexChannel, WithoutTheFilterTheKernelsWakeAtAThreadsExitReachesAnotherGame) {
  REQUIRE_SANDBOX("root");
  testing::expect_control_shows_channel([]() -> std::optional<std::string> {
    const testing::ScratchDir dir("futex-exit-none");
    const int woken = futex_woken(futex_two_judges(dir, " --sandbox none", kExitSender, kExitReceiver));
    if (woken > 0) return std::nullopt;
    return "woken " + std::to_string(woken);
  });
}

// Whether any token read is the one sent, most of its bits right.
std::optional<std::string> token_missed(const std::multiset<std::string>& tokens) {
  std::string seen;
  for (const auto& token : tokens) {
    if (!testing::pattern_missed(kFutexToken, token)) return std::nullopt;
    seen += " " + token;
  }
  return "sent " + kFutexToken + ", received" + (seen.empty() ? " nothing" : seen);
}

TEST(SandboxFutexChannel, WithoutTheFilterATournamentsGamesReadTheToken) {
  REQUIRE_SANDBOX("root");
  testing::expect_control_shows_channel([] {
    const testing::ScratchDir dir("futex-tournament-none");
    return token_missed(futex_tokens(futex_tournament(dir, " --sandbox none")));
  });
}

TEST(SandboxFutexChannel, WithoutTheFilterTwoJudgesReadTheToken) {
  REQUIRE_SANDBOX("root");
  testing::expect_control_shows_channel([] {
    const testing::ScratchDir dir("futex-judges-none");
    return token_missed(futex_tokens(futex_two_judges(dir, " --sandbox none")));
  });
}

// The judge answers a shared wait as the kernel answers the same wait made private, which goes
// to the kernel (tests/bots/futex_answers.cpp): each error in the kernel's order, a timeout that
// passed, a word that changed; an x32 call as the kernel answers x32 calls.
std::map<std::string, std::pair<std::string, std::string>> futex_answers(const arbiter::MatchRecord& record) {
  std::map<std::string, std::pair<std::string, std::string>> answers;
  const std::regex line("futex_answers: (.+): shared ([A-Za-z0-9 ]+?)(?: private ([A-Za-z0-9 ]+))?");
  std::stringstream in(record.outcome[0].stderr_text);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (std::regex_match(text, m, line)) answers[m[1]] = {m[2], m[3]};
  }
  return answers;
}

TEST(SandboxFutexChannel, TheJudgeAnswersASharedWaitAsTheKernelAnswersAPrivateOne) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  auto spec = testing::match_spec(bot_path("futex_answers") + " 1 2", bot_path("polite") + " 2");
  spec.settings.turns = 2;
  spec.settings.sandbox = testing::isolated_settings();
  const auto record = arbiter::run_match(spec);
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].stderr_text;
  EXPECT_NE(record.sandbox.find("futex waits served"), std::string::npos) << record.sandbox;
  const auto answers = futex_answers(record);
  const std::map<std::string, std::string> kernel = {
      {"the word changed", "EAGAIN"},
      {"the word changed, bitset", "EAGAIN"},
      {"a misaligned word", "EINVAL"},
      {"an unmapped word", "EFAULT"},
      {"an unreadable timeout", "EFAULT"},
      {"tv_sec -1", "EINVAL"},
      {"tv_sec -1, bitset", "EINVAL"},
      {"tv_nsec 1e9", "EINVAL"},
      {"tv_nsec -1, bitset", "EINVAL"},
      {"a bad timeout before a changed word", "EINVAL"},
      {"bitset 0", "EINVAL"},
      {"bitset 0 and a misaligned word", "EINVAL"},
      {"FUTEX_WAIT with FUTEX_CLOCK_REALTIME", "ENOSYS"},
      {"tv_sec INT64_MAX, the word changed", "EAGAIN"},
      {"tv_sec INT64_MAX, the word changed, bitset", "EAGAIN"},
      {"a relative timeout passed", "ETIMEDOUT"},
      {"an absolute timeout passed", "ETIMEDOUT"},
      {"an absolute timeout passed, realtime", "ETIMEDOUT"},
      {"x32: the word changed", ""},  // the kernel's answer to x32 calls: ENOSYS without them
      {"x32: tv_sec -1", ""},
      {"x32: an absolute timeout passed", ""},
  };
  for (const auto& [name, expected] : kernel) {
    ASSERT_EQ(answers.count(name), 1U) << name << " not asked\n" << record.outcome[0].stderr_text;
    const auto& [shared, private_answer] = answers.at(name);
    EXPECT_EQ(shared, private_answer) << name;
    if (!expected.empty()) {
      EXPECT_EQ(private_answer, expected) << name << ": the case is not what it says";
    }
  }
  // A timeout beyond the kernel's clock never passes: the kernel would sleep for ever, the judge
  // answers as a spurious wake-up, never as a timeout.
  for (const char* name : {"tv_sec INT64_MAX", "tv_sec INT64_MAX, bitset"}) {
    ASSERT_EQ(answers.count(name), 1U) << name;
    EXPECT_EQ(answers.at(name).first, "EAGAIN") << name;
  }
}

// ---------------------------------------------------------------------------------------------
// Marks on a file other players see: its times (set by whoever may write it; moved by a read)
// and its extended attributes, on a file of its own folder (the same for its copies in other
// games), the sandbox's /dev/null and a file of the runtime (tests/bots/inode_marks.cpp). Every
// mount of a sandbox is read-only but bubblewrap's device nodes (the host's), and the filter
// denies setting a file's times: nothing moves. Without the sandbox a read moves the access
// time, and anyone may set /dev/null's times.

struct Marks {
  testing::ScratchDir dir{"marks"};
  fs::path own;  // a file of the bot's folder, its access time long past (so a read would move it)
  std::string runtime = rarely_read_file();
  std::string command;
};

std::unique_ptr<Marks> marks_bot() {
  auto marks = std::make_unique<Marks>();
  const fs::path bot = marks->dir.path() / "bot";
  fs::create_directories(bot);
  fs::copy_file(bot_path("inode_marks"), bot / "inode_marks");
  marks->own = bot / "data";
  testing::write_file(marks->own, "data");
  const timespec past[2] = {{1, 0}, {UTIME_OMIT, UTIME_OMIT}};
  EXPECT_EQ(::utimensat(AT_FDCWD, marks->own.c_str(), past, 0), 0);
  marks->command = (bot / "inode_marks").string() + " 1 2 " + marks->own.string() + " /dev/null " + marks->runtime;
  return marks;
}

std::map<std::string, std::string> marks_of(const arbiter::MatchRecord& record, const std::string& file) {
  std::map<std::string, std::string> seen;
  std::smatch m;
  const std::regex line("marks: " + file + ": ([a-z ]+): ([A-Za-z]+)");
  const std::string& text = record.outcome[0].stderr_text;
  for (std::sregex_iterator it(text.begin(), text.end(), line), end; it != end; ++it) seen[(*it)[1]] = (*it)[2];
  return seen;
}

TEST(SandboxInodeMarks, NoPlayerMarksAFileOtherPlayersSee) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const auto marks = marks_bot();
  auto spec = testing::match_spec(marks->command, bot_path("polite") + " 2");
  spec.settings.turns = 2;
  spec.settings.sandbox = testing::isolated_settings();
  const auto record = arbiter::run_match(spec);
  EXPECT_FALSE(record.outcome[0].fault.has_value()) << record.outcome[0].stderr_text;
  for (const std::string& file : {marks->own.string(), std::string("/dev/null"), marks->runtime}) {
    const auto seen = marks_of(record, file);
    EXPECT_EQ(seen.at("read moves atime"), "no") << file;
    EXPECT_EQ(seen.at("utimensat"), "EPERM") << file;
    // EROFS; bubblewrap's /dev/null is the host's on a writable bind, which takes no user. attribute.
    EXPECT_EQ(seen.at("setxattr"),
              file == "/dev/null" && testing::isolation_under_test() == "bwrap" ? "EPERM" : "EROFS")
        << file;
  }
}

TEST(SandboxInodeMarks, WithoutTheSandboxAReadMovesTheTimeAndDevNullTakesAMark) {
  REQUIRE_SANDBOX("root");
  testing::expect_control_shows_channel([]() -> std::optional<std::string> {
    const auto marks = marks_bot();
    auto spec = testing::match_spec(marks->command, bot_path("polite") + " 2");
    spec.settings.turns = 2;
    spec.settings.sandbox = no_sandbox();
    const auto record = arbiter::run_match(spec);
    const auto own = marks_of(record, marks->own.string());
    const auto null = marks_of(record, "/dev/null");
    if (own.count("read moves atime") == 1 && own.at("read moves atime") == "yes" && null.count("utimensat") == 1 &&
        null.at("utimensat") == "ok") {
      return std::nullopt;
    }
    return record.outcome[0].stderr_text;
  });
}

// ---------------------------------------------------------------------------------------------
// Between games that run at the same time, through a FIFO in the bot's own folder (a
// contestant's archive may carry one, writable by all): the folder is read-only in every
// sandbox, but a FIFO's bytes never touch it (tests/bots/fifo_channel.cpp). Such a bot is
// refused before the first game; without the sandbox its copies pass the token.

// A bot's folder holding the FIFO bot and a FIFO every UID may write.
fs::path folder_with_fifo(const testing::ScratchDir& dir) {
  const fs::path bot = dir.path() / "bot";
  fs::create_directories(bot);
  fs::copy_file(bot_path("fifo_channel"), bot / "fifo_channel");
  EXPECT_EQ(::mkfifo((bot / "pipe").c_str(), 0666), 0);
  fs::permissions(bot / "pipe",
                  fs::perms::all & ~(fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec));
  return bot;
}

TEST(SandboxFifoChannel, ABotWhoseFolderHoldsAFifoIsRefusedBeforeTheFirstGame) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  const testing::ScratchDir dir("fifo-refused");
  const fs::path bot = folder_with_fifo(dir);
  const auto run = testing::run_command(testing::amazes_exe() + " match --seed 5 --turns 2" +
                                        sandbox_option(testing::isolated_settings()) + " " +
                                        testing::shell_quote((bot / "fifo_channel").string() + " read x 2") + " " +
                                        testing::shell_quote(bot_path("polite") + " 2") + " 2>&1");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find((bot / "pipe").string() + " is a FIFO: its games that run at the same time could pass "
                                                      "bytes through it"),
            std::string::npos)
      << run.output;
  EXPECT_TRUE(testing::no_child_left());
}

TEST(SandboxFifoChannel, WithoutTheSandboxTwoGamesAtOncePassBytesThroughIt) {
  REQUIRE_SANDBOX("root");
  testing::expect_control_shows_channel([]() -> std::optional<std::string> {
    const testing::ScratchDir dir("fifo-none");
    const fs::path bot = folder_with_fifo(dir);
    fs::create_directories(dir.path() / "matches");
    std::vector<pid_t> judges;
    for (const char* role : {"write", "read"}) {
      const std::string log = (dir.path() / "matches" / (std::string(role) + ".json")).string();
      judges.push_back(testing::spawn_silently(
          {"/bin/sh", "-c",
           testing::amazes_exe() + " match --seed 5 --turns 2 --sandbox none --log " + testing::shell_quote(log) + " " +
               testing::shell_quote((bot / "fifo_channel").string() + " " + role + " MAZE-BITS 2") + " " +
               testing::shell_quote(bot_path("polite") + " 2")}));
    }
    for (const pid_t judge : judges) {
      int status = 0;
      EXPECT_EQ(::waitpid(judge, &status, 0), judge);
    }
    std::string all;
    for (const auto& record : records_under(dir.path())) all += record.outcome[0].stderr_text;
    if (all.find("fifo: received MAZE-BITS") != std::string::npos) return std::nullopt;
    return all;
  });
}

// What the filter costs a program that uses shared futexes: each denied wait spins instead of
// sleeping, and every hand-over stays exact. The runtimes whose own threads might (sh, Perl,
// Python here; the starter bots of every language, the JVM among them, in `ctest -L
// languages`) play whole games without a fault.
struct Runtime {
  std::string name;
  std::string command;
};
void PrintTo(const Runtime& r, std::ostream* out) { *out << r.name; }

class SandboxSharedFutexUsers : public ::testing::TestWithParam<Runtime> {};

TEST_P(SandboxSharedFutexUsers, PlayAWholeGameWithoutAFault) {
  REQUIRE_SANDBOX(testing::isolation_under_test());
  auto spec = testing::match_spec(GetParam().command, bot_path("polite") + " 60");
  spec.settings.turns = 60;
  spec.settings.sandbox = testing::isolated_settings();
  const auto record = arbiter::run_match(spec);
  EXPECT_EQ(record.amazes()->turns.size(), 120U);
  for (const auto& player : record.outcome) {
    EXPECT_FALSE(player.fault.has_value()) << player.exit << "\n" << player.stderr_text;
    EXPECT_EQ(player.exit, "exit 0") << player.stderr_text;
  }
  if (GetParam().name == "shared_mutex") {
    EXPECT_NE(record.outcome[0].stderr_text.find("shared_mutex: 6000 hand-overs, counter 12000"), std::string::npos)
        << record.outcome[0].stderr_text;
    EXPECT_NE(record.outcome[0].stderr_text.find("shared_mutex: 60 of 60 timed waits timed out after 2 ms or more"),
              std::string::npos)
        << record.outcome[0].stderr_text;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Runtimes, SandboxSharedFutexUsers,
    ::testing::Values(
        Runtime{"shared_mutex", bot_path("shared_mutex") + " 100 60"},
        Runtime{"sh", "/bin/sh " + (testing::source_dir() / "tests/bots/scripts/walker.sh").string()},
        Runtime{"perl", "/usr/bin/perl " + (testing::source_dir() / "tests/bots/scripts/walker.pl").string()},
        Runtime{"python", "/usr/bin/python3 " + (testing::source_dir() / "players/python/amazes_bot.py").string()}),
    [](const ::testing::TestParamInfo<Runtime>& info) { return info.param.name; });

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
