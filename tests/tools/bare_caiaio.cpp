// A bare harness in caiaio's place, for scripts/measure-move-players: it starts the referee and
// the two players (each a command line split at blanks) with pipes, and routes their lines as
// caiaio does (`N TEXT` to player N, `I listen N` answered with player N's next line, `I
// request_time N` with `time 0 0`), until the referee's `M report`. No sandbox, no clock, no log:
// what a judge costs beyond this is its own.
// Usage: bare_caiaio REFEREE PLAYER1 PLAYER2
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Child {
  FILE* to = nullptr;
  FILE* from = nullptr;
};

Child start(const std::string& command) {
  std::vector<std::string> words;
  std::istringstream split(command);
  for (std::string word; split >> word;) words.push_back(word);
  int in[2];
  int out[2];
  if (::pipe(in) != 0 || ::pipe(out) != 0) std::exit(2);
  if (::fork() == 0) {
    ::dup2(in[0], 0);
    ::dup2(out[1], 1);
    ::close(in[1]);
    ::close(out[0]);
    std::vector<char*> argv;
    for (auto& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  return Child{::fdopen(in[1], "w"), ::fdopen(out[0], "r")};
}

bool read_line(FILE* from, std::string& line) {
  line.clear();
  for (int c; (c = std::fgetc(from)) != EOF;) {
    if (c == '\n') return true;
    line += static_cast<char>(c);
  }
  return !line.empty();
}

void write_line(FILE* to, const std::string& line) {
  std::fputs((line + "\n").c_str(), to);
  std::fflush(to);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) return 2;
  Child referee = start(std::string(argv[1]) + " /dev/null");
  Child players[2] = {start(argv[2]), start(argv[3])};
  for (std::string line; read_line(referee.from, line);) {
    if (line.rfind("M report", 0) == 0) break;
    if (line.size() > 2 && (line[0] == '1' || line[0] == '2') && line[1] == ' ') {
      write_line(players[line[0] - '1'].to, line.substr(2));
    } else if (line.rfind("I listen ", 0) == 0) {
      std::string answer;
      read_line(players[line[9] - '1'].from, answer);
      write_line(referee.to, answer);
    } else if (line.rfind("I request_time ", 0) == 0) {
      write_line(referee.to, "time 0 0");
    }
  }
  for (Child* child : {&referee, &players[0], &players[1]}) std::fclose(child->to);
  while (::wait(nullptr) > 0) {
  }
  return 0;
}
