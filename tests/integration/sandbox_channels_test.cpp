// Channels between bots: kernel state that outlives a turn (the judge freezes the player not on
// turn, so only such state carries bits from one player of a game to the other) or a game (a
// bot's own later game on the same maze), set through the shared, read-only runtime and read
// back by another player. The channel bot (tests/bots/channel.cpp) tries each with a 16-bit
// pattern. In the sandbox the receiver must see the same whatever was sent, the denied call
// must fail with the filter's answer or do nothing, and the game must go on as usual. Without
// the filter (--sandbox none, as root) every channel carries the pattern exactly: the bot is a
// real attack, and the tests can fail.
//
// Run under the namespaces sandbox and once more behind bubblewrap (tests/CMakeLists.txt).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>
#include <set>

#include "support/match_fixture.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes {
namespace {

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
  EXPECT_EQ(record.turns.size(), static_cast<std::size_t>(2 * kTurns)) << "the match did not complete";
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
    const auto record = between_players(c, pattern, no_sandbox());
    expect_normal_game(record);
    EXPECT_EQ(received(record.outcome[1], c.mode), pattern) << record.outcome[1].stderr_text;
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

class SandboxChannelBetweenGames : public ::testing::TestWithParam<Channel> {};

// Game 1 sends the pattern, game 2 (the same seat, the same judge) reports what it saw.
std::pair<arbiter::MatchRecord, arbiter::MatchRecord> between_games(const Channel& c, const std::string& pattern,
                                                                    const arbiter::SandboxSettings& sandbox) {
  const std::string file = rarely_read_file();
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
// disk show game 1's pattern to game 2. (mincore and cachestat tell the page cache only to a
// process that owns the file or may write it, which no player's UID does, even without a
// sandbox: they carry nothing there either.)
class SandboxChannelBetweenGamesUnfiltered : public SandboxChannelBetweenGames {};

TEST_P(SandboxChannelBetweenGamesUnfiltered, CarriesThePattern) {
  const Channel& c = GetParam();
  for (const auto& pattern : kPatterns) {
    const auto [first, second] = between_games(c, pattern, no_sandbox());
    expect_normal_game(first);
    expect_normal_game(second);
    EXPECT_EQ(received(second.outcome[0], c.mode), pattern) << second.outcome[0].stderr_text;
  }
}

INSTANTIATE_TEST_SUITE_P(PageCache, SandboxChannelBetweenGamesUnfiltered,
                         ::testing::Values(Channel{"preadv2", "preadv2: ENOSYS"}, Channel{"aio", "io_setup: ENOSYS"}),
                         param_name);

// ---------------------------------------------------------------------------------------------
// What the filter cannot close: a page read caches it, and a later game tells the cached ones
// by their major-fault count. --sandbox-drop-caches forgets them before each game.

// Game 1 reads the pages of its bits, game 2 reports which are cached: "sent" and "received".
std::pair<std::string, std::string> residency(const arbiter::SandboxSettings& sandbox) {
  const std::string file = rarely_read_file();
  const std::string bits = " 1234 256 " + file + " 3";
  evict(file);
  const auto first = play(bot_path("residual_channel") + " residency send" + bits, bot_path("polite") + " 3", sandbox);
  const auto second =
      play(bot_path("residual_channel") + " residency faults" + bits, bot_path("polite") + " 3", sandbox);
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
  const auto [sent, received] = residency(testing::isolated_settings());
  EXPECT_EQ(received, sent) << "the channel the option closes is not there to close";
  auto dropping = testing::isolated_settings();
  dropping.drop_caches = true;
  const auto [sent_again, seen] = residency(dropping);
  EXPECT_EQ(sent_again, sent);
  EXPECT_EQ(seen.find_first_not_of('0'), std::string::npos) << "game 2 found pages of game 1 cached: " << seen;
}

}  // namespace
}  // namespace amazes
