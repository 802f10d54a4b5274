// `amazes compile` on a folder of submissions: one per language of the table (the starter bots
// as single files), one that does not compile, one over the size limit, one that crashes at its
// first turn, and compile-time attacks (tests/bots/submissions/README.md). The good ones are
// compiled and admitted and play a tournament from players.ini; each bad one is rejected with
// one line within its limits; no compile saw another submission or a secret, wrote outside its
// folder, or left anything running. The attacks run under the judge's namespaces and again
// behind bubblewrap.
#include <gtest/gtest.h>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "support/files.hpp"
#include "support/run.hpp"
#include "support/sandbox_offer.hpp"

namespace amazes::testing {
namespace AMAZES_FILE_NAMESPACE {

namespace fs = std::filesystem;

const fs::path kSource = AMAZES_SOURCE_DIR;
const fs::path kSubmissions = kSource / "tests/bots/submissions";
constexpr const char* kSecret = "organiser-secret-7f3a9c";

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

std::string filled(const fs::path& in, const std::map<std::string, std::string>& words) {
  std::string text = read_all(in);
  for (const auto& [key, value] : words) {
    for (std::size_t at; (at = text.find(key)) != std::string::npos;) text.replace(at, key.size(), value);
  }
  return text;
}

// The report's line of one submission (report.txt), or "" when it has none.
std::string verdict_of(const std::string& report, const std::string& file) {
  std::size_t at = 0;
  while (at < report.size()) {
    const std::size_t end = std::min(report.find('\n', at), report.size());
    const std::string line = report.substr(at, end - at);
    if (line.rfind(file + " ", 0) == 0) return line;
    at = end + 1;
  }
  return "";
}

// Whether any process on the machine has `marker` in its command line.
bool process_running_with(const std::string& marker) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = read_all(entry.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(marker) != std::string::npos && cmdline.find("pgrep") == std::string::npos) return true;
  }
  return false;
}

// Whether `text` occurs in any file under `dir`.
bool found_under(const fs::path& dir, const std::string& text) {
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file() && !entry.is_symlink() && read_all(entry.path()).find(text) != std::string::npos) {
      return true;
    }
  }
  return false;
}

class Contest {
 public:
  explicit Contest(const std::string& label)
      : root_(fs::temp_directory_path() / ("amazes-compile-" + label + "-" + std::to_string(::getpid()))) {
    fs::remove_all(root_);
    fs::create_directories(subs());
    fs::create_directories(root_ / "secret");
    write(root_ / "secret/secret.h", std::string(kSecret) + "\n");
    ::chmod(root_.c_str(), 0755);
  }
  ~Contest() {
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  fs::path subs() const { return root_ / "subs"; }
  fs::path out() const { return root_ / "out"; }
  fs::path root() const { return root_; }

  void add(const fs::path& from, const std::string& as) { fs::copy_file(from, subs() / as); }
  // The attacks of tests/bots/submissions, with the paths they aim at filled in.
  void add_attacks() {
    for (const char* file : {"dev_zero.c", "template_bomb.cpp", "static_4g.c", "shadow.pas", "broken.c"}) {
      add(kSubmissions / file, file);
    }
    write(subs() / "peek_other.c", filled(kSubmissions / "peek.c.in", {{"@PATH@", (subs() / "victim.c").string()}}));
    write(subs() / "peek_secret.c",
          filled(kSubmissions / "peek.c.in", {{"@PATH@", (root_ / "secret/secret.h").string()}}));
    write(subs() / "template_peek.hs",
          filled(kSubmissions / "template_peek.hs.in", {{"@OTHER@", (subs() / "victim.c").string()},
                                                        {"@SECRET@", (root_ / "secret/secret.h").string()},
                                                        {"@OUTSIDE@", (root_ / "outside.txt").string()},
                                                        {"@SLEEP@", left_running_marker()}}));
    add(kSource / "players/c/starter_c.c", "victim.c");
    // An unpacked archive's entries that are not files: the judge must not read through them.
    fs::create_symlink(root_ / "secret/secret.h", subs() / "linked.c");
    ::mkfifo((subs() / "fifo.c").c_str(), 0644);
  }

  CommandResult compile(const std::string& options) const {
    return run_command(amazes_exe() + " compile -q --out " + shell_quote(out().string()) +
                       " --seed 5 --turns 12 --compile-cpu-s 15 --compile-memory-mb 768 --compile-output-mb 64 " +
                       options + " " + shell_quote(subs().string()) + " 2>&1");
  }
  std::string report() const { return read_all(out() / "report.txt"); }

  // What no compile may have done, whatever it was.
  void expect_nothing_escaped() const {
    EXPECT_FALSE(fs::exists(root_ / "outside.txt")) << "a compile wrote outside its build folder";
    EXPECT_FALSE(found_under(out(), kSecret)) << "a compile read the secret";
    // The command line's words end with a NUL, read as a blank: the marker's whole number only.
    EXPECT_FALSE(process_running_with("sleep " + left_running_marker() + " ")) << "a compile left a process running";
    EXPECT_FALSE(fs::exists(out() / ".compile/build/dev_zero")) << "a build folder was left behind";
    const std::string report = this->report();
    EXPECT_EQ(report.find(kSecret), std::string::npos);
  }

  // Every attack rejected (or, Template Haskell's, compiled without reaching anything).
  void expect_attacks_rejected() const {
    const std::string report = this->report();
    for (const char* file : {"dev_zero.c", "template_bomb.cpp", "static_4g.c", "shadow.pas", "broken.c", "peek_other.c",
                             "peek_secret.c"}) {
      EXPECT_NE(verdict_of(report, file).find(" rejected: "), std::string::npos) << file << "\n" << report;
    }
    EXPECT_NE(verdict_of(report, "template_bomb.cpp").find("it hit its limit of "), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "static_4g.c").find("rejected"), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "broken.c").find("error"), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "peek_other.c").find("No such file"), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "peek_secret.c").find("No such file"), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "shadow.pas").find("shadow"), std::string::npos) << report;
    EXPECT_NE(verdict_of(report, "victim.c").find(" admitted"), std::string::npos) << report;
    for (const char* file : {"linked.c", "fifo.c"}) {
      EXPECT_NE(verdict_of(report, file).find("rejected: not a regular file"), std::string::npos) << file << report;
    }
    // Template Haskell ran at compile time and found nothing to read, write or leave.
    const std::string peek = verdict_of(report, "template_peek.hs");
    EXPECT_NE(peek.find("not admitted"), std::string::npos) << report;
  }

 private:
  fs::path root_;
};

TEST(CliCompile, EveryLanguageIsAdmittedAndEveryBadSubmissionRejectedWithinItsLimits) {
  Contest contest("languages");
  const std::map<std::string, fs::path> starters = {
      {"starter_c.c", "players/c/starter_c.c"},
      {"forward_cpp.cpp", "tests/bots/submissions/forward_cpp.cpp"},
      {"StarterBot.java", "players/java/StarterBot.java"},
      {"starter_pascal.pas", "players/pascal/starter_pascal.pas"},
      {"amazes_bot.py", "players/python/amazes_bot.py"},
      {"starter_go.go", "players/go/starter_go.go"},
      {"starter_rust.rs", "players/rust/starter_rust.rs"},
      {"starter_csharp.cs", "players/csharp/starter_csharp.cs"},
      {"starter_javascript.js", "players/javascript/starter_javascript.js"},
      {"starter_haskell.hs", "players/haskell/starter_haskell.hs"},
  };
  for (const auto& [as, from] : starters) contest.add(kSource / from, as);
  contest.add(kSubmissions / "crash_first.c", "crash_first.c");
  write(contest.subs() / "huge.c", "int main(void) { return 0; }\n/*" + std::string(1474560, 'x') + "*/\n");
  contest.add_attacks();

  const CommandResult run = contest.compile("-j 2");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const std::string report = contest.report();
  for (const auto& [file, from] : starters) {
    EXPECT_NE(verdict_of(report, file).find(" admitted"), std::string::npos) << file << "\n" << report;
    EXPECT_EQ(verdict_of(report, file).find("not admitted"), std::string::npos) << file << "\n" << report;
  }
  EXPECT_NE(verdict_of(report, "huge.c").find("1474594 bytes, over the limit of 1474560 bytes"), std::string::npos)
      << report;
  const std::string crash = verdict_of(report, "crash_first.c");
  EXPECT_NE(crash.find("not admitted: test game 1 of 2 (red): crash"), std::string::npos) << report;
  EXPECT_NE(report.find("crash_first: about to fail"), std::string::npos) << "its stderr under its line\n" << report;
  contest.expect_attacks_rejected();
  contest.expect_nothing_escaped();

  // players.ini holds the admitted ones, and a tournament plays them as written.
  const std::string ini = read_all(contest.out() / "players.ini");
  for (const char* name : {"starter_c", "forward_cpp", "StarterBot", "starter_haskell", "victim"}) {
    EXPECT_NE(ini.find(std::string("\n") + name + " = "), std::string::npos) << ini;
  }
  EXPECT_EQ(ini.find("crash_first"), std::string::npos) << ini;
  const CommandResult tournament =
      run_command(amazes_exe() + " tournament -q --config " + shell_quote((contest.out() / "players.ini").string()) +
                  " --rounds 1 --turns 12 --seed 3 --out " + shell_quote((contest.root() / "t").string()) + " 2>&1");
  EXPECT_EQ(tournament.exit_code, 0) << tournament.output;
  const auto rows = csv_table(read_all(contest.root() / "t/standings.csv"));
  EXPECT_EQ(rows.size(), 12U) << tournament.output;  // a header and 11 admitted bots
  // The contest's site, with a private page for each contestant (tests/integration/cli_site_test.cpp).
  EXPECT_TRUE(fs::exists(contest.root() / "t/site/players/starter_haskell.html"));
  EXPECT_NE(read_all(contest.root() / "t/private-links.txt").find("StarterBot\tsite/private/"), std::string::npos);

  // Again: nothing changed, nothing compiled. A changed source replaces its bot.
  const auto before = fs::last_write_time(contest.out() / "bots/starter_c/starter_c");
  std::ofstream(contest.subs() / "starter_rust.rs", std::ios::app) << "// changed\n";
  const CommandResult again = contest.compile("-j 2");
  EXPECT_EQ(again.exit_code, 1) << again.output;
  EXPECT_NE(verdict_of(contest.report(), "starter_c.c").find("admitted (unchanged)"), std::string::npos)
      << contest.report();
  EXPECT_EQ(verdict_of(contest.report(), "starter_rust.rs").find("unchanged"), std::string::npos) << contest.report();
  EXPECT_NE(verdict_of(contest.report(), "starter_rust.rs").find(" admitted"), std::string::npos) << contest.report();
  EXPECT_EQ(fs::last_write_time(contest.out() / "bots/starter_c/starter_c"), before);
  EXPECT_NE(read_all(contest.out() / "bots/starter_rust/starter_rust.rs").find("// changed"), std::string::npos);
}

TEST(CliCompile, CompileAttacksAreRejectedBehindBubblewrapToo) {
  REQUIRE_SANDBOX("bwrap");
  Contest contest("bwrap");
  contest.add_attacks();
  const CommandResult run = contest.compile("--sandbox bwrap -j 2");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  contest.expect_attacks_rejected();
  contest.expect_nothing_escaped();
}

// A referee game's bots are admitted against the game's own reference bot (More: random_more).
TEST(CliCompile, ARefereeGamesBotsAreAdmittedAgainstTheGamesOwnReference) {
  Contest contest("more");
  // Each bot as one file, as a contestant sends it: its headers put in place of their includes.
  const auto inlined = [](std::string text, const std::string& include, const fs::path& header_file) {
    const std::string line = "#include \"" + include + "\"";
    const std::size_t at = text.find(line);
    if (at == std::string::npos) return text;
    std::string header = read_all(header_file);
    header.erase(header.find("#pragma once"), std::string("#pragma once").size());
    return text.replace(at, line.size(), header);
  };
  for (const std::string name : {"random_more", "more_runner"}) {
    std::string bot = read_all(kSource / "players/more" / (name + ".cpp"));
    bot = inlined(bot, "more_bot.hpp", kSource / "players/more/more_bot.hpp");
    bot = inlined(bot, "seed_option.hpp", kSource / "players/common/seed_option.hpp");
    write(contest.subs() / (name + ".cpp"), bot);
  }
  contest.add(kSubmissions / "crash_first.c", "crash_first.c");
  const CommandResult run = run_command(amazes_exe() + " compile -q --out " + shell_quote(contest.out().string()) +
                                        " --config " + shell_quote((kSource / "config/more.ini").string()) +
                                        " --seed 4 -j 2 " + shell_quote(contest.subs().string()) + " 2>&1");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const std::string report = contest.report();
  EXPECT_NE(verdict_of(report, "random_more.cpp").find(" admitted"), std::string::npos) << report;
  EXPECT_NE(verdict_of(report, "more_runner.cpp").find(" admitted"), std::string::npos) << report;
  EXPECT_NE(verdict_of(report, "crash_first.c").find("not admitted: test game 1 of 2 (1): crash"), std::string::npos)
      << report;
  // contest.ini: the contest's config, its players the admitted ones, ready to play.
  const std::string contest_ini = read_all(contest.out() / "contest.ini");
  EXPECT_NE(contest_ini.find("referee = amazes referee more"), std::string::npos) << contest_ini;
  EXPECT_EQ(contest_ini.find("build/more-players"), std::string::npos) << contest_ini;
  const CommandResult tournament =
      run_command(amazes_exe() + " tournament -q --config " + shell_quote((contest.out() / "contest.ini").string()) +
                  " --rounds 1 --out " + shell_quote((contest.root() / "t").string()) + " 2>&1");
  EXPECT_EQ(tournament.exit_code, 0) << tournament.output;
  EXPECT_NE(tournament.output.find("more_runner"), std::string::npos) << tournament.output;
}

// Every byte of `text` that a terminal or a spreadsheet would act on: controls but line breaks.
std::string control_bytes(const std::string& text) {
  std::string found;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n') || byte == 0x7f) found += fmt::format("\\x{:02x}", byte);
  }
  return found;
}

// A folder of submissions whose names and outputs attack the judge's own files and each other:
// names of the files the judge writes, names of its old work folders beside the contestants
// they would have hit (a broken one beside a slow compile, at -j 2), a compile that leaves a
// tree too deep to copy, one that waits on its own output, names with escape codes and a line
// break, a look-alike and a case clash. Each gets its verdict, the good ones are admitted, and
// no submission's bytes reach another's folder.
TEST(CliCompile, HostileNamesAndOutputsGetTheirOwnVerdictsAndNeverStopTheRun) {
  Contest contest("hostile");
  const std::string starter = read_all(kSource / "players/c/starter_c.c");
  // Each source carries its own mark, to be looked for in every other bot's folder.
  const auto marked = [&](const std::string& file, const std::string& text) {
    const bool python = file.ends_with(".py");
    write(contest.subs() / file,
          text + (python ? "\n# " : "\n/* ") + "mark-" + file + "-9d2f" + (python ? "\n" : " */\n"));
  };
  for (const char* file : {"report.txt.c", "players.ini.c", "contest.ini.c", "bots.c", "report.c", "built-alice.c",
                           "build-bob.c", "bob.c", "Carol.c"}) {
    marked(file, starter);
  }
  marked("built-alice.c", "this is not C");
  marked("alice.rs", read_all(kSource / "players/rust/starter_rust.rs"));
  marked("report.csv.py", read_all(kSource / "players/python/amazes_bot.py"));
  marked("carol.py", read_all(kSource / "players/python/amazes_bot.py"));
  marked("\xd0\xb0lice.c", starter);  // a Cyrillic a
  marked("mallory\n\x1b]0;owned\x07\x1b[2Jmallory.c   c   admitted\n.c", starter);
  contest.add(kSubmissions / "idle_include.c", "idle_include.c");
  contest.add(kSubmissions / "deep_tree.sh", "deep_tree.sh");
  // The built-in rows used here, and one of an organiser's that runs the source at compile time.
  write(contest.root() / "languages.ini",
        "[c]\nextensions = c\ncompile = /usr/bin/gcc -std=gnu11 -O2 -pipe -o {build}/{name} {source} -lm\n"
        "run = {bot}/{name}\ntoolchain = /usr/bin/gcc\n"
        "[rust]\nextensions = rs\ncompile = /usr/bin/rustc --edition 2021 -O -o {build}/{name} {source}\nrun = "
        "{bot}/{name}\n"
        "toolchain = /usr/bin/rustc\n"
        "[python]\nextensions = py\ncompile = /usr/bin/python3 -c \"import ast, sys; ast.parse(open(sys.argv[1], "
        "'rb').read())\" {source}\nrun = /usr/bin/python3 {bot}/{file}\ntoolchain = /usr/bin/python3\n"
        "[shell]\nextensions = sh\ncompile = /bin/sh {source}\nrun = /bin/sh {bot}/{file}\ntoolchain = /bin/sh\n");

  const CommandResult run =
      contest.compile("-j 2 --languages " + shell_quote((contest.root() / "languages.ini").string()));
  EXPECT_EQ(run.exit_code, 1) << run.output;
  const std::string report = contest.report();
  const std::string csv = read_all(contest.out() / "report.csv");
  for (const char* file : {"bots.c", "report.c", "build-bob.c", "bob.c", "alice.rs"}) {
    EXPECT_NE(verdict_of(report, file).find(" admitted"), std::string::npos) << file << "\n" << report;
    EXPECT_EQ(verdict_of(report, file).find("not admitted"), std::string::npos) << file << "\n" << report;
  }
  for (const char* file : {"report.txt.c", "players.ini.c", "contest.ini.c", "report.csv.py"}) {
    EXPECT_NE(verdict_of(report, file).find("rejected: '"), std::string::npos) << file << "\n" << report;
    EXPECT_NE(verdict_of(report, file).find("is not a contestant's name"), std::string::npos) << report;
  }
  EXPECT_NE(verdict_of(report, "built-alice.c").find("rejected: not compiled (exit 1)"), std::string::npos) << report;
  EXPECT_NE(
      verdict_of(report, "deep_tree.sh").find("rejected: not compiled: it hit its limit of output (a path longer"),
      std::string::npos)
      << report;
  EXPECT_NE(verdict_of(report, "idle_include.c").find("rejected: not compiled: it hit its limit of idle time"),
            std::string::npos)
      << report;
  EXPECT_NE(verdict_of(report, "\\xd0\\xb0lice.c").find("is not a contestant's name"), std::string::npos) << report;
  for (const char* file : {"Carol.c", "carol.py"}) {
    EXPECT_NE(verdict_of(report, file).find("rejected: 2 submissions are named"), std::string::npos) << report;
  }
  // The name with escape codes and a line break is shown escaped: one line, nothing forged.
  EXPECT_NE(report.find("mallory\\x0a\\x1b]0;owned\\x07\\x1b[2Jmallory.c   c   admitted\\x0a.c"), std::string::npos)
      << report;
  EXPECT_EQ(verdict_of(report, "mallory.c"), "") << report;
  for (const auto& [what, text] :
       {std::pair{"report.txt", report}, std::pair{"report.csv", csv}, std::pair{"the terminal", run.output}}) {
    EXPECT_EQ(control_bytes(text), "") << what << ":\n" << text;
  }
  EXPECT_EQ(csv_table(csv).size(), 17U) << csv;  // a header and 16 submissions

  // The judge's files are its own, every bot in a folder of its name, and no submission's
  // bytes in another's folder.
  const std::string ini = read_all(contest.out() / "players.ini");
  for (const char* name : {"bots", "report", "build-bob", "bob", "alice"}) {
    EXPECT_NE(ini.find(std::string("\n") + name + " = "), std::string::npos) << ini;
    EXPECT_TRUE(fs::is_directory(contest.out() / "bots" / name)) << name;
  }
  for (const auto& bot : fs::directory_iterator(contest.out() / "bots")) {
    for (const auto& other : fs::directory_iterator(contest.subs())) {
      const std::string file = other.path().filename().string();
      if (fs::path(file).stem() == bot.path().filename()) continue;
      EXPECT_FALSE(found_under(bot.path(), "mark-" + file + "-9d2f")) << file << " in " << bot.path();
    }
  }
  const CommandResult tournament =
      run_command(amazes_exe() + " tournament -q --config " + shell_quote((contest.out() / "players.ini").string()) +
                  " --rounds 1 --turns 12 --seed 3 --out " + shell_quote((contest.root() / "t").string()) + " 2>&1");
  EXPECT_EQ(tournament.exit_code, 0) << tournament.output;
}

// The same command run again without --seed plays the same test games (the seed kept in DIR/seed)
// and keeps every unchanged verdict; a kept seed that is no seed is one line, exit 2.
TEST(CliCompile, TheSameCommandAgainWithoutASeedKeepsEveryVerdict) {
  Contest contest("kept-seed");
  write(contest.subs() / "seven.py", "import sys\nfor line in sys.stdin:\n    print(7, flush=True)\n");
  write(contest.subs() / "three.py", "import sys\nfor line in sys.stdin:\n    print(3, flush=True)\n");
  const std::string command = amazes_exe() + " compile --game " +
                              shell_quote((kSource / "tests/games/guess.ini").string()) + " --out " +
                              shell_quote(contest.out().string()) + " " + shell_quote(contest.subs().string());
  const CommandResult first = run_command(command + " 2>&1");
  ASSERT_EQ(first.exit_code, 0) << first.output;
  EXPECT_NE(first.output.find("drawn at random"), std::string::npos) << first.output;
  const std::string seed = read_all(contest.out() / "seed");
  const CommandResult again = run_command(command + " 2>&1");
  ASSERT_EQ(again.exit_code, 0) << again.output;
  EXPECT_EQ(again.output.find("drawn at random"), std::string::npos) << again.output;
  EXPECT_EQ(read_all(contest.out() / "seed"), seed);
  for (const char* file : {"seven.py", "three.py"}) {
    EXPECT_NE(verdict_of(contest.report(), file).find("admitted (unchanged)"), std::string::npos) << contest.report();
  }
  write(contest.out() / "seed", "12x\n");
  const CommandResult damaged = run_command(command + " 2>&1");
  EXPECT_EQ(damaged.exit_code, 2) << damaged.output;
  EXPECT_NE(damaged.output.find((contest.out() / "seed").string() + ": not a seed ('12x')"), std::string::npos)
      << damaged.output;
}

TEST(CliCompile, BadArgumentsGetOneLine) {
  const CommandResult no_out = run_command(amazes_exe() + " compile /nonexistent.c 2>&1");
  EXPECT_EQ(no_out.exit_code, 2) << no_out.output;
  Contest contest("arguments");
  write(contest.root() / "bad.ini", "[c]\nextensions = c\nrun = {bot}/{nope}\n");
  const CommandResult table = run_command(amazes_exe() + " compile --out " + shell_quote(contest.out().string()) +
                                          " --languages " + shell_quote((contest.root() / "bad.ini").string()) + " " +
                                          shell_quote(contest.subs().string()) + " 2>&1");
  EXPECT_EQ(table.exit_code, 2) << table.output;
  EXPECT_NE(table.output.find("bad.ini:3: unknown placeholder {nope}"), std::string::npos) << table.output;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes::testing
