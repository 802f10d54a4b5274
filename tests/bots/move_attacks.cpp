// A player run once per move that attacks what it must not reach (docs/security.md, "A player
// run once per move"), and answers `clean` or `LEAK ...` with what it reached:
// - move 1: a file left by this player in another game (`carry`: its folder must be new each
//   game), the other player's folder beside its own, and the judge's: it tries to turn SPEL.IN
//   into a link to argv[1] (a file the judge would overwrite if it followed the link), and leaves
//   `setsid sleep SECONDS` running (argv[2], default 987654: to outlive its move);
// - move 2: a process of its own left from move 1 (its sandbox must be new each move);
// - move 3: SPEL.UIT as a link to /etc/shadow (a judge that followed it would read the secret as
//   its answer): it gets no answer instead.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace fs = std::filesystem;

bool readable(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  return static_cast<bool>(in) && static_cast<bool>(std::getline(in, line));
}

int main(int argc, char** argv) {
  std::ifstream in("SPEL.IN");
  std::string first;
  std::getline(in, first);
  std::string leaks;
  if (first.find("round 1") != std::string::npos) {
    if (fs::exists("carry")) leaks += " carry";
    std::ofstream("carry") << "from an earlier game\n";
    const fs::path here = fs::current_path();
    for (const char* other : {"1", "2"}) {
      if (here.filename() != other && readable(here.parent_path() / other / "SPEL.IN")) leaks += " other-folder";
    }
    if (fs::exists(here.parent_path() / "1") && here.filename() != "1") leaks += " sees-folder-1";
    if (fs::exists(here.parent_path() / "2") && here.filename() != "2") leaks += " sees-folder-2";
    if (argc > 1) {  // as root SPEL.IN is the judge's, in a sticky folder: it cannot
      std::error_code error;
      if (fs::remove("SPEL.IN", error)) fs::create_symlink(argv[1], "SPEL.IN", error);
    }
    if (fork() == 0) {
      setsid();
      execlp("sleep", "sleep", argc > 2 ? argv[2] : "987654", static_cast<char*>(nullptr));
      _exit(1);
    }
  } else if (first.find("round 2") != std::string::npos) {
    // Another move, another sandbox: no process of move 1 is to be seen.
    if (system("pgrep -x sleep >/dev/null 2>&1") == 0) leaks += " process-from-move-1";
  } else {
    fs::create_symlink("/etc/shadow", "SPEL.UIT");
    return 0;
  }
  std::ofstream("SPEL.UIT") << (leaks.empty() ? "clean" : "LEAK" + leaks) << "\n";
  return 0;
}
