#pragma once
// A tiny caiaio for the integration tests (docs/referees.md §1): it starts a referee program
// and the player programs, each with pipes on stdin and stdout, and routes their lines as
// caiaio does: "N TEXT" to player N, "I listen N" answered with player N's next line or a
// marker, "I request_time N" with "time 0 0", "M TEXT" kept as the result. No time is
// measured: a player that says nothing within `listen_timeout_ms` is timed out.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace amazes::testing {

class PipedProgram {
 public:
  explicit PipedProgram(std::vector<std::string> args) {
    int in[2];
    int out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, 2);
      std::vector<char*> argv;
      for (auto& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = in[1];
    from_ = out[0];
  }
  PipedProgram(const PipedProgram&) = delete;
  PipedProgram& operator=(const PipedProgram&) = delete;
  ~PipedProgram() {
    close_input();
    if (from_ >= 0) ::close(from_);
    if (pid_ > 0 && !status_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, nullptr, 0);
    }
  }

  void write_line(const std::string& line) {
    if (to_ < 0) return;
    const std::string text = line + "\n";
    // A player that is gone does not take the line; caiaio drops it too.
    if (::write(to_, text.data(), text.size()) < 0) close_input();
  }
  void close_input() {
    if (to_ >= 0) ::close(to_);
    to_ = -1;
  }

  // The next line, without '\n'; nothing at the end of the output or after `timeout_ms`.
  std::optional<std::string> read_line(int timeout_ms, bool* timed_out = nullptr) {
    if (timed_out != nullptr) *timed_out = false;
    for (;;) {
      const auto end = buffer_.find('\n');
      if (end != std::string::npos) {
        std::string line = buffer_.substr(0, end);
        buffer_.erase(0, end + 1);
        return line;
      }
      pollfd fd{from_, POLLIN, 0};
      if (::poll(&fd, 1, timeout_ms) == 0) {
        if (timed_out != nullptr) *timed_out = true;
        return std::nullopt;
      }
      char chunk[4096];
      const ssize_t n = ::read(from_, chunk, sizeof chunk);
      if (n <= 0) return std::nullopt;
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

  // The wait status once it has ended (waits for it).
  int wait() {
    if (!status_) {
      int status = 0;
      ::waitpid(pid_, &status, 0);
      status_ = status;
    }
    return *status_;
  }

 private:
  pid_t pid_ = -1;
  int to_ = -1;
  int from_ = -1;
  std::string buffer_;
  std::optional<int> status_;
};

struct CaiaGame {
  std::string result;                   // what the referee wrote after "M "
  std::vector<std::string> transcript;  // every line of the referee, and "> answer" for each answer
  int referee_status = -1;              // its wait status
};

// caiaio's answer to `I listen` for a player whose line did not come.
inline std::string marker_for(PipedProgram& player, bool timed_out) {
  if (timed_out) return "<caiaio:_player_timeout>";
  const int status = player.wait();
  if (WIFSIGNALED(status)) {
    std::string name = ::strsignal(WTERMSIG(status));
    for (char& c : name) c = c == ' ' ? '_' : c;
    return "<caiaio:_player_crashed:_" + name + ">";
  }
  return "<caiaio:_player_stopped>";
}

inline CaiaGame run_caia_game(std::vector<std::string> referee_args, std::vector<std::vector<std::string>> players,
                              int listen_timeout_ms = 10000) {
  ::signal(SIGPIPE, SIG_IGN);  // a player that is gone: the write fails instead
  std::vector<std::unique_ptr<PipedProgram>> seats;
  for (auto& args : players) seats.push_back(std::make_unique<PipedProgram>(std::move(args)));
  PipedProgram referee(std::move(referee_args));
  CaiaGame game;
  const auto seat = [&](const std::string& number) -> PipedProgram& {
    return *seats.at(static_cast<std::size_t>(std::stoi(number) - 1));
  };
  while (const auto line = referee.read_line(60000)) {
    game.transcript.push_back(*line);
    std::string answer;
    if (line->rfind("I listen ", 0) == 0) {
      PipedProgram& player = seat(line->substr(9));
      bool timed_out = false;
      const auto reply = player.read_line(listen_timeout_ms, &timed_out);
      answer = !reply ? marker_for(player, timed_out) : reply->empty() ? "<caiaio:_player_sends_'\\n'>" : *reply;
    } else if (line->rfind("I request_time ", 0) == 0) {
      answer = "time 0 0";
    } else if (line->rfind("M ", 0) == 0) {
      game.result = line->substr(2);
      continue;
    } else {
      const auto space = line->find(' ');
      seat(line->substr(0, space)).write_line(space == std::string::npos ? "" : line->substr(space + 1));
      continue;
    }
    game.transcript.push_back("> " + answer);
    referee.write_line(answer);
  }
  game.referee_status = referee.wait();
  for (auto& player : seats) player->close_input();  // the manager's `I kill N` ends them
  return game;
}

}  // namespace amazes::testing
