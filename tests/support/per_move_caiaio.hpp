#pragma once
// caiaio's part for a referee whose players are programs run once per move (Susan's), played in
// the test's own process, without the judge: what the referee writes to player N is kept; at
// `I listen N` those lines become SPEL.IN in the player's folder, the program runs there, and
// SPEL.UIT's first line is the answer (or the marker of a missing or empty file). The real
// referee, the real programs, no time limit: the judge's own per-move runner is tested through
// `amazes match` (tests/integration/susan_games_test.cpp).
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "amazes/referee/caia_channel.hpp"
#include "support/files.hpp"

namespace amazes::testing {

class PerMoveCaiaio {
 public:
  // Each command: a program's path and its arguments, split on blanks.
  PerMoveCaiaio(const std::string& command1, const std::string& command2)
      : commands_{split(command1), split(command2)}, lines_(*this) {}

  referee::CaiaChannel& channel() { return channel_; }
  // The `M report …` line, once written.
  const std::string& report() const { return report_; }

 private:
  // The referee's output, a line at a time: every '\n' hands the line to handle().
  class Lines : public std::streambuf {
   public:
    explicit Lines(PerMoveCaiaio& owner) : owner_(owner) {}

   protected:
    int_type overflow(int_type c) override {
      if (c == '\n') {
        owner_.handle(line_);
        line_.clear();
      } else if (c != traits_type::eof()) {
        line_ += static_cast<char>(c);
      }
      return c;
    }

   private:
    PerMoveCaiaio& owner_;
    std::string line_;
  };

  static std::vector<std::string> split(const std::string& command) {
    std::istringstream words(command);
    std::vector<std::string> out;
    for (std::string word; words >> word;) out.push_back(word);
    return out;
  }

  void handle(const std::string& line) {
    if (line.rfind("M ", 0) == 0) {
      report_ = line.substr(2);
    } else if (line.rfind("I listen ", 0) == 0) {
      const int seat = std::stoi(line.substr(9));
      answers_ << answer(seat - 1) << '\n';
    } else {
      const auto blank = line.find(' ');
      pending_.at(static_cast<std::size_t>(std::stoi(line.substr(0, blank)) - 1)) += line.substr(blank + 1) + "\n";
    }
  }

  std::string answer(int player) {
    const auto& folder = folders_[static_cast<std::size_t>(player)];
    write_file(folder.path() / "SPEL.IN", pending_[static_cast<std::size_t>(player)]);
    pending_[static_cast<std::size_t>(player)].clear();
    std::filesystem::remove(folder.path() / "SPEL.UIT");
    run(commands_[static_cast<std::size_t>(player)], folder.path());
    std::ifstream out(folder.path() / "SPEL.UIT");
    if (!out) return "<caiaio:_player_no_output_file>";
    std::string move;
    std::getline(out, move);
    return move.empty() ? "<caiaio:_player_sends_'\\n'>" : move;
  }

  static void run(std::vector<std::string> args, const std::filesystem::path& folder) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      if (::chdir(folder.c_str()) != 0) ::_exit(126);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 1);
      ::dup2(null, 2);
      std::vector<char*> argv;
      for (auto& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
  }

  std::array<std::vector<std::string>, 2> commands_;
  std::array<ScratchDir, 2> folders_{ScratchDir("susan-player-1"), ScratchDir("susan-player-2")};
  std::array<std::string, 2> pending_;
  std::string report_;
  std::stringstream answers_;
  Lines lines_;
  std::ostream to_caiaio_{&lines_};
  referee::CaiaChannel channel_{answers_, to_caiaio_};
};

}  // namespace amazes::testing
