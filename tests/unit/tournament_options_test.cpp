// Options of `amazes tournament`: INI files, the command line winning over them, and players.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>

#include "amazes/competition/players.hpp"
#include "cli/tournament_options.hpp"
#include "support/files.hpp"

namespace amazes::cli {
using namespace competition;  // the requests and players these options make
namespace AMAZES_FILE_NAMESPACE {

namespace po = boost::program_options;
using testing::ScratchDir;
using testing::write_file;

po::variables_map parse(const std::vector<std::string>& args) {
  po::variables_map values;
  po::store(po::command_line_parser(args)
                .options(tournament_command_line_options())
                .positional(tournament_positionals())
                .run(),
            values);
  po::notify(values);
  return values;
}

std::vector<std::string> names_of(const std::vector<PlayerSpec>& players) {
  std::vector<std::string> names;
  for (const auto& p : players) names.push_back(p.name);
  return names;
}

TEST(PlayerNames, FromCommandsAndPaths) {
  EXPECT_EQ(name_from_command("players/bin/hunter"), "hunter");
  EXPECT_EQ(name_from_command("./build/players/random --seed 3"), "random");
  EXPECT_EQ(name_from_command("python3 players/python/amazes_bot.py"), "amazes_bot.py");
  EXPECT_EQ(name_from_command("python3 -u bot.py --level 2"), "bot.py");
  // A virtual machine's program: the jar or assembly without its extension, the class, the
  // source file; never the runtime, nor a class path.
  EXPECT_EQ(name_from_command("java -jar bots/carol/carol.jar"), "carol");
  EXPECT_EQ(name_from_command("java -Xss8m -jar carol.jar --fast"), "carol");
  EXPECT_EQ(name_from_command("java -cp bots/dave Dave"), "Dave");
  EXPECT_EQ(name_from_command("/usr/bin/java -Xmx512m -classpath a.jar:lib org.example.Bot"), "org.example.Bot");
  EXPECT_EQ(name_from_command("java --class-path x Erin"), "Erin");
  EXPECT_EQ(name_from_command("java Bot.java"), "Bot.java");
  EXPECT_EQ(name_from_command("mono bots/frank/bot.exe"), "bot");
  EXPECT_EQ(name_from_command("mono --debug frank.exe"), "frank");
  EXPECT_EQ(name_from_command("node bots/dave/main.js"), "main.js");
  EXPECT_EQ(name_from_command("'my dir/my bot'"), "my_bot");
  EXPECT_EQ(name_from_command("sh -c 'echo F; cat >/dev/null'"), "sh");  // inline code: no script to name
  EXPECT_EQ(name_from_command("perl -w -e 'print 1'"), "perl");
  EXPECT_EQ(name_from_command("bin/.hidden"), "p.hidden");
  EXPECT_TRUE(is_valid_player_name("explorer-2.1"));
  EXPECT_FALSE(is_valid_player_name("-x"));
  EXPECT_FALSE(is_valid_player_name("a b"));
  EXPECT_FALSE(is_valid_player_name(""));
  EXPECT_FALSE(is_valid_player_name(std::string(65, 'a')));
}

// Names keep what a name may hold, UTF-8 letters included; only what it may not is replaced.
TEST(PlayerNames, FromCommandsKeepUtf8LettersAndSkipEnv) {
  EXPECT_EQ(name_from_command("bots/\xC3\xB1"
                              "and\xC3\xBA/\xC3\xB1"
                              "and\xC3\xBA"),
            "\xC3\xB1"
            "and\xC3\xBA");                                                                // ñandú
  EXPECT_EQ(name_from_command("./\xE5\x90\x8D\xE5\x89\x8D"), "\xE5\x90\x8D\xE5\x89\x8D");  // 名前
  EXPECT_EQ(name_from_command("python3 stra\xC3\x9F"
                              "e.py"),
            "stra\xC3\x9F"
            "e.py");  // straße.py
  // Invalid UTF-8 (a lone continuation byte, a cut sequence, an overlong '/') and invisible
  // characters (a no-break space, a right-to-left override) become '_', one per character.
  EXPECT_EQ(name_from_command("bin/a\x80"
                              "b\xC3"),
            "a_b_");
  EXPECT_EQ(name_from_command("bin/x\xC0\xAFy"), "x__y");
  EXPECT_EQ(name_from_command("bin/a\xC2\xA0"
                              "b\xE2\x80\xAE"
                              "c"),
            "a_b_c");
  EXPECT_EQ(name_from_command("bin/\xE2\x80\x8Bx"), "p_x");  // starts with a zero-width space
  // `env`, its options and its assignments are not the program; nor is the interpreter.
  EXPECT_EQ(name_from_command("env FOO=1 bots/bot"), "bot");
  EXPECT_EQ(name_from_command("/usr/bin/env -i -u HOME LANG=C PYTHONHASHSEED=0 python3 -u bots/mybot.py"), "mybot.py");
  EXPECT_EQ(name_from_command("env -- ./bot"), "bot");
  EXPECT_EQ(name_from_command("env"), "env");
  EXPECT_EQ(name_from_command("python3.11 bots/fast.py"), "fast.py");
  EXPECT_EQ(name_from_command("pypy3 bots/fast.py"), "fast.py");
  // At most 64 bytes, cut between characters.
  std::string long_name;
  for (int i = 0; i < 40; ++i) long_name += "\xC3\xA9";  // é, 2 bytes each
  EXPECT_EQ(name_from_command("bin/" + long_name), long_name.substr(0, 64));
  EXPECT_EQ(name_from_command("bin/a" + long_name), "a" + long_name.substr(0, 62));
  // The same characters are valid in names given explicitly.
  EXPECT_TRUE(is_valid_player_name("\xC3\xA9lan-2"));
  EXPECT_TRUE(is_valid_player_name("\xE5\x90\x8D\xE5\x89\x8D"));
  EXPECT_FALSE(
      is_valid_player_name("a\xC2\xA0"
                           "b"));
  EXPECT_FALSE(is_valid_player_name("a\x80"));
  EXPECT_FALSE(
      is_valid_player_name("\xEF\xBB\xBF"
                           "a"));  // a byte-order mark
  EXPECT_FALSE(is_valid_player_name(long_name.substr(0, 66)));
  const auto named = parse_named_player("\xC3\xA9lan=bots/elan");
  ASSERT_TRUE(named.has_value());
  EXPECT_EQ(named->name, "\xC3\xA9lan");
}

TEST(Players, CommandsAreAnchoredToTheDirectoryTheyWereGivenIn) {
  ScratchDir dir("anchored");
  std::filesystem::create_directories(dir.path() / "bots");
  write_file(dir.path() / "bots" / "x", "#!/bin/sh\n");
  write_file(dir.path() / "bot.py", "print(1)\n");
  write_file(dir.path() / "my bot", "#!/bin/sh\n");
  const auto before = std::filesystem::current_path();
  std::filesystem::current_path(dir.path());
  const std::string here = std::filesystem::current_path().string();
  EXPECT_EQ(anchored_command("bots/x"), here + "/bots/x");
  EXPECT_EQ(anchored_command("./bots/../bots/x --level 2"), here + "/bots/x --level 2");
  EXPECT_EQ(anchored_command("python3 -u bot.py --depth 3"), "python3 -u " + here + "/bot.py --depth 3");
  EXPECT_EQ(anchored_command("./my bot"), here + "/my bot");  // the whole command is a path
  EXPECT_EQ(anchored_command("bots/x 'a b'"), here + "/bots/x 'a b'");
  // Left alone: absolute paths, programs from PATH, missing files, words that are no paths.
  EXPECT_EQ(anchored_command("/bin/true"), "/bin/true");
  EXPECT_EQ(anchored_command("true   x"), "true   x");
  EXPECT_EQ(anchored_command("bots/missing"), "bots/missing");
  EXPECT_EQ(anchored_command("bots/x bot.py"), here + "/bots/x bot.py");
  EXPECT_EQ(anchored_command("'unterminated"), "'unterminated");
  std::filesystem::current_path(before);
}

TEST(PlayerNames, RepeatedFileNamesAreNamedByTheirFolders) {
  const auto players = players_from_commands({"a/bot", "b/bot", "c/other", "d/bot"});
  EXPECT_EQ(names_of(players), (std::vector<std::string>{"a", "b", "other", "d"}));
  EXPECT_EQ(players[1].command, "b/bot");
  // Scripts by their folders; the nearest folders that differ, joined from the outermost.
  EXPECT_EQ(names_of(players_from_commands({"python3 v1/bot.py", "python3 v2/bot.py"})),
            (std::vector<std::string>{"v1", "v2"}));
  EXPECT_EQ(names_of(players_from_commands({"/s/alice/x/bot", "/s/bob/x/bot", "/s/carol/y/bot"})),
            (std::vector<std::string>{"alice-x", "bob-x", "y"}));
  // A lone file name is kept (a store resumes), even when a folder name would be the same.
  EXPECT_EQ(names_of(players_from_commands({"/s/run", "/run/bot", "/t/bot"})),
            (std::vector<std::string>{"run", "run-2", "t"}));
  EXPECT_EQ(names_of(players_from_commands({"/s/run/bot", "/t/run/bot", "/u/run"})),
            (std::vector<std::string>{"s-run", "t-run", "run"}));
  EXPECT_EQ(names_of(players_from_commands({"/x/a/bot", "/y/bot", "/a/bot"})),
            (std::vector<std::string>{"x-a", "y", "a"}));
  // A Java class by the folder of its class path; a jar, an assembly by their own folders.
  EXPECT_EQ(names_of(players_from_commands({"java -cp /s/v1 StarterBot", "java -Xmx1g -classpath /s/v2/ StarterBot",
                                            "java -cp /s/v3/lib.jar:/x Bot", "java -cp /s/v4/* Bot"})),
            (std::vector<std::string>{"v1", "v2", "v3", "v4"}));
  EXPECT_EQ(names_of(players_from_commands({"java -jar /s/a/bot.jar", "mono /s/b/bot.exe", "node /s/c/bot"})),
            (std::vector<std::string>{"a", "b", "c"}));
}

TEST(PlayerNames, TheSameFileTwiceGetsSuffixes) {
  EXPECT_EQ(names_of(players_from_commands({"/a/bot --level 1", "/a/bot --level 2", "bot", "/b/bot"})),
            (std::vector<std::string>{"bot", "bot-2", "bot-3", "b"}));
  // A folder name or file name taken by NAME=COMMAND steps aside with a suffix.
  EXPECT_EQ(names_of(players_from_arguments({"/s/v1/bot.py", "v1=/t/bot", "/s/v2/bot.py", "/u/solo"})),
            (std::vector<std::string>{"v1-2", "v1", "v2", "solo"}));
  EXPECT_EQ(names_of(players_from_arguments({"/s/solo", "solo=/t/bot"})), (std::vector<std::string>{"solo-2", "solo"}));
}

TEST(PlayerNames, NamedPlayersAndMerging) {
  const auto named = parse_named_player("alice=python3 a.py --x=1");
  ASSERT_TRUE(named.has_value());
  EXPECT_EQ(named->name, "alice");
  EXPECT_EQ(named->command, "python3 a.py --x=1");
  EXPECT_FALSE(parse_named_player("bin/bot").has_value());
  EXPECT_FALSE(parse_named_player("env X=1 bot").has_value());

  std::vector<PlayerSpec> base = {{"a", "1"}, {"b", "2"}};
  merge_players(base, {{"b", "two"}, {"c", "3"}});
  EXPECT_EQ(names_of(base), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(base[1].command, "two");
  EXPECT_THROW(check_players({{"a", "1"}, {"a", "2"}}), PlayerListError);
  EXPECT_THROW(check_players({{"a", "  "}}), PlayerListError);
  EXPECT_THROW(check_players({{"a/b", "x"}}), PlayerListError);
}

TEST(TournamentOptions, PlainPathsWithoutAConfigFile) {
  const auto request = tournament_request(parse({"bin/alpha", "bin/beta", "other/alpha", "-j", "3"}));
  EXPECT_EQ(names_of(request.players), (std::vector<std::string>{"bin", "beta", "other"}));
  EXPECT_EQ(request.jobs, 3);
  EXPECT_EQ(request.out, "tournament");
  EXPECT_FALSE(request.rounds.has_value());
  EXPECT_FALSE(request.seed.has_value());
  EXPECT_FALSE(request.resume);
}

TEST(TournamentOptions, ConfigFileWithPlayersSectionAndTheCommandLineWinning) {
  ScratchDir dir("options-ini");
  const auto ini = dir.path() / "t.ini";
  write_file(ini,
             "# a comment\n"
             "rounds = 4\n"
             "seed = 18446744073709551615\n"
             "time-ms = 250\n"
             "clock = wall\n"
             "turns = 60\n"
             "jobs = 2\n"
             "out = results/x\n"
             "grace-ms = 10\n"
             "stderr-limit = 99\n"
             "player = extra=./extra --fast\n"
             "\n"
             "[players]\n"
             "random = build/players/random\n"
             "python = python3 players/python/amazes_bot.py\n");
  const auto request = tournament_request(
      parse({"--config", ini.string(), "--rounds", "2", "--player", "python=python3 -O bot.py", "bin/hunter"}));
  EXPECT_EQ(request.rounds, 2);  // the command line wins
  EXPECT_EQ(request.seed, 18446744073709551615ULL);
  EXPECT_EQ(request.settings.time_ms, 250);
  EXPECT_EQ(request.settings.clock, arbiter::ClockKind::Wall);
  EXPECT_EQ(request.settings.turns, 60);
  EXPECT_EQ(request.jobs, 2);
  EXPECT_EQ(request.out, "results/x");
  EXPECT_EQ(request.settings.grace_ms, 10);
  EXPECT_EQ(request.settings.stderr_limit, 99U);
  EXPECT_EQ(request.given_settings,
            (std::set<std::string, std::less<>>{"time_ms", "clock", "turns", "grace_ms", "stderr_limit"}));
  EXPECT_EQ(names_of(request.players), (std::vector<std::string>{"extra", "random", "python", "hunter"}));
  EXPECT_EQ(request.players[0].command, "./extra --fast");
  EXPECT_EQ(request.players[2].command, "python3 -O bot.py");
}

TEST(TournamentOptions, ConfigFileAlone) {
  ScratchDir dir("options-alone");
  const auto ini = dir.path() / "t.ini";
  write_file(ini, "mazes = mazes/official\n[players]\na = ./a\nb = ./b\n");
  const auto request = tournament_request_from_file(ini);
  EXPECT_EQ(request.mazes, std::filesystem::path("mazes/official"));
  EXPECT_EQ(request.players.size(), 2U);
}

// A config names files as seen from its own folder, so that it runs from anywhere; the output
// folder stays the current directory's, and a path not in the config's folder is left as given.
TEST(TournamentOptions, AConfigsPathsAreItsFolders) {
  ScratchDir dir("options-folder");
  const std::filesystem::path folder = std::filesystem::absolute(dir.path());
  std::filesystem::create_directories(folder / "bots");
  std::filesystem::create_directories(folder / "mazes");
  write_file(folder / "bots" / "a", "#!/bin/sh\n");
  write_file(folder / "bots" / "b.py", "print()\n");
  write_file(folder / "referee.sh", "#!/bin/sh\n");
  write_file(folder / "game.ini", "name = g\n");
  write_file(folder / "t.ini",
             "mazes = mazes\n"
             "out = results\n"
             "referee = ./referee.sh --seed {seed}\n"
             "player = c=bots/a --level 2\n"
             "[players]\n"
             "a = bots/a\n"
             "b = python3 bots/b.py\n"
             "elsewhere = build/players/random\n");
  boost::program_options::variables_map values;
  const auto players = read_config_file(folder / "t.ini", values);
  const std::string bots = (folder / "bots").string();
  EXPECT_EQ(values["mazes"].as<std::string>(), (folder / "mazes").string());
  EXPECT_EQ(values["out"].as<std::string>(), "results");
  // Made absolute, its words quoted as a shell would read them back.
  EXPECT_EQ(values["referee"].as<std::string>(), (folder / "referee.sh").string() + " --seed '{seed}'");
  ASSERT_EQ(players.size(), 4U);
  EXPECT_EQ(players[0].command, bots + "/a --level 2");
  EXPECT_EQ(players[1].command, bots + "/a");
  EXPECT_EQ(players[2].command, "python3 " + bots + "/b.py");
  EXPECT_EQ(players[3].command, "build/players/random");
  EXPECT_EQ(value_from_folder("game", "game.ini", folder), (folder / "game.ini").string());
  EXPECT_EQ(value_from_folder("game", "more", folder), "more");
}

void expect_option_error(const std::vector<std::string>& args, const std::string& says) {
  try {
    tournament_request(parse(args));
    FAIL() << "accepted " << args.front();
  } catch (const TournamentOptionError& e) {
    EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
}

TEST(TournamentOptions, RefusesBadValues) {
  expect_option_error({"--rounds", "0", "a", "b"}, "--rounds");
  expect_option_error({"--seed", "-1", "a", "b"}, "--seed");
  expect_option_error({"--seed", "12x", "a", "b"}, "--seed");
  expect_option_error({"--clock", "sundial", "a", "b"}, "--clock");
  expect_option_error({"--time-ms", "0", "a", "b"}, "--time-ms");
  expect_option_error({"--size", "1", "a", "b"}, "--size");
  expect_option_error({"-j", "0", "a", "b"}, "--jobs");
  expect_option_error({"--player", "no name here", "a"}, "NAME=COMMAND");
  expect_option_error({"--config", "/nonexistent/t.ini"}, "cannot read");
}

TEST(TournamentOptions, RefusesBadConfigFiles) {
  ScratchDir dir("options-bad");
  const auto check = [&](const std::string& text, const std::string& says) {
    const auto ini = dir.path() / "bad.ini";
    write_file(ini, text);
    expect_option_error({"--config", ini.string()}, says);
  };
  // Every refusal names the file and the line, and a value's refusal the key.
  check("colour = red\n", "bad.ini:1: unknown option 'colour'");
  check("# teams\n[teams]\na = ./a\n", "bad.ini:2: unknown section [teams] (there is: [players])");
  check("rounds = 3\nfoo\n", "bad.ini:2: expected KEY = VALUE or a [section], found 'foo'");
  check("[players\n", "bad.ini:1: a section header ends with ']'");
  check("\n = ./a\n", "bad.ini:2: no key before '='");
  check("rounds = many\n", "bad.ini:1: the argument ('many') for option 'rounds' is invalid");
  check("seed = 1\n\nrounds = 5000\n", "bad.ini:3: rounds must be from 1 to 1000, not 5000");
  check("turns = 151\n", "bad.ini:1: turns must be from 1 to 150, not 151");
  check("seed = 12x\n", "bad.ini:1: seed: '12x' is not a number");
  check("sandbox-uids = 5\n", "bad.ini:1: sandbox-uids must be FIRST-LAST");
  check("seed = 1\nseed = 2\n", "bad.ini:2: 'seed' is given twice (first on line 1)");
  check("[players]\na = ./a\na = ./b\n", "bad.ini:3: player name 'a' is given twice (first on line 2)");
  check("player = a=./a\n[players]\na = ./b\n", "bad.ini:3: player name 'a' is given twice (first on line 1)");
  check("[players]\nbad name = ./a\n", "bad.ini:2: invalid player name");
  check("player = ./just-a-path\n", "bad.ini:1: player = './just-a-path': expected NAME=COMMAND");
  check("j = 2\n", "bad.ini:1: unknown option 'j'");  // keys are the long names
  // Found by tests/fuzz/fuzz_config: Boost's message for a value holding its own placeholder
  // was substituted for ever (a hang here is the failure); the '%' is shown escaped.
  check("rounds = 3%value%\n", "the argument ('3\\x25value\\x25') for option 'rounds' is invalid");
}

// A config that is not a regular file, or is far too large, is refused with one line naming it,
// and a FIFO without waiting for a writer (a hang here is the failure).
TEST(TournamentOptions, RefusesAConfigThatIsNotARegularFileOrTooLarge) {
  ScratchDir dir("options-unreadable");
  const auto fifo = dir.path() / "fifo.ini";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_option_error({"--config", fifo.string()}, "fifo.ini: is a FIFO, expected a regular file");
  expect_option_error({"--config", "/dev/zero"}, "/dev/zero: is a character device");
  expect_option_error({"--config", dir.path().string()}, "is a directory");
  const auto big = dir.path() / "big.ini";
  write_file(big, std::string((1U << 20) + 1, '#'));
  expect_option_error({"--config", big.string()}, "larger than 1048576 bytes");
}

// The request that a config file of this text gives alone.
TournamentRequest request_from_config(const std::string& text) {
  ScratchDir dir("options-text");
  const auto ini = dir.path() / "t.ini";
  write_file(ini, text);
  return tournament_request_from_file(ini);
}

// A section header may have blanks inside its brackets; keys and values are trimmed.
TEST(TournamentOptions, ASectionHeaderMayHaveBlanksInsideItsBrackets) {
  const auto request =
      request_from_config("  rounds=2   # two\r\n[ players ]\r\n\ta =  ./a --x  \r\n[\tplayers\t]\nb = ./b\n");
  EXPECT_EQ(request.rounds.value_or(0), 2);
  ASSERT_EQ(names_of(request.players), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(request.players[0].command, "./a --x");
}

// Windows editors start UTF-8 files with a byte-order mark; it is not part of the first key.
TEST(TournamentOptions, AConfigMayStartWithAByteOrderMark) {
  const auto request = request_from_config("\xEF\xBB\xBFrounds = 3\n[players]\na = ./a\nb = ./b\n");
  EXPECT_EQ(request.rounds.value_or(0), 3);
  EXPECT_EQ(request.players.size(), 2U);
}

TEST(TournamentOptions, ExampleConfigsAreValid) {
  for (const auto& entry : std::filesystem::directory_iterator(testing::source_dir() / "config")) {
    // languages.ini is `amazes compile`'s table, not a competition (languages_table_test.cpp).
    if (entry.path().extension() != ".ini" || entry.path().filename() == "languages.ini") continue;
    const auto request = tournament_request_from_file(entry.path());
    EXPECT_GE(request.players.size(), 2U) << entry.path();
  }
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::cli
