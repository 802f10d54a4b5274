// A player run once per move that fills its folder and links the judge's files to its filler
// (docs/security.md, "A player run once per move"). At its first move it writes 1 MiB at a time
// until a write fails (at most 80 MiB, where the folder is not bounded), takes what removing
// SPEL.IN freed, then makes empty files until one cannot be made (at most 1,100): as root its
// folder is full, in bytes and in entries. Then,
// every move, its answer is the first line of its first filler file, and both SPEL.UIT and (where
// it may) SPEL.IN are hard links to that file: removing them frees nothing, so a judge that needs
// new room for the next SPEL.IN finds none.
// Its answer: in a Susan game (SPEL.IN's first line a number) a placement on the first free cell
// of a fixed list (then of the board), else `wrote N MiB, M entries`. What it did goes to stderr. Standard C++ and
// POSIX only, one file: it is also a submission of `amazes compile`.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace {

constexpr long kMiB = 1 << 20;
constexpr long kMostMiB = 80;
constexpr int kMostEntries = 1100;

// The cells in the order it places on them: the middle first, then outwards.
const char* const kCells[] = {"e5", "d4", "f4", "c3", "g3", "e3", "e7", "c5", "g5", "b3", "h3", "d6", "f6", "a3",
                              "i3", "e1", "e9", "b5", "h5", "d2", "f2", "c7", "g7", "a1", "a5", "i1", "i5"};

// The line's first word is a number: Susan's SPEL.IN, whose moves follow.
bool susan_move(std::ifstream& in, const std::string& first, std::string& answer) {
  if (first.empty() || first.find_first_not_of("0123456789") != std::string::npos) return false;
  std::set<std::string> taken;
  for (std::string move; std::getline(in, move);) {
    const std::size_t dash = move.find('-');
    if (dash == std::string::npos) {
      taken.insert(move);
    } else {
      taken.erase(move.substr(0, dash));
      taken.insert(move.substr(dash + 1));
    }
  }
  for (const char* cell : kCells) {
    if (taken.count(cell) == 0) {
      answer = cell;
      return true;
    }
  }
  const int row_cells[] = {5, 6, 7, 8, 9, 8, 7, 6, 5};  // rows a..i
  for (int row = 0; row < 9; ++row) {
    for (int cell = 1; cell <= row_cells[row]; ++cell) {
      const std::string name = std::string(1, static_cast<char>('a' + row)) + std::to_string(cell);
      if (taken.count(name) == 0) {
        answer = name;
        return true;
      }
    }
  }
  answer = "e5";  // no free cell: cannot happen while the game goes on
  return true;
}

// The MiB written whole, in files of 16 MiB; `files` counts the files made.
long fill_bytes(int& files) {
  const std::vector<char> block(kMiB, 'x');
  long whole = 0;
  while (whole < kMostMiB) {
    const int fd = ::open(("fill" + std::to_string(files)).c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return whole;
    ++files;
    for (int piece = 0; piece < 16 && whole < kMostMiB; ++piece) {
      if (::write(fd, block.data(), block.size()) != static_cast<ssize_t>(block.size())) {
        ::close(fd);
        return whole;
      }
      ++whole;
    }
    ::close(fd);
  }
  return whole;
}

// What is left of the room, a page at a time (what removing SPEL.IN freed, say), into one file.
void top_up() {
  const std::vector<char> page(4096, 'x');
  const int fd = ::open("fill_top", O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0) return;
  for (int pages = 0; pages < 256 && ::write(fd, page.data(), page.size()) == static_cast<ssize_t>(page.size());
       ++pages) {
  }
  ::close(fd);
}

int fill_entries() {
  int made = 0;
  while (made < kMostEntries) {
    const int fd = ::open(("entry" + std::to_string(made)).c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) break;
    ::close(fd);
    ++made;
  }
  return made;
}

}  // namespace

int main() {
  std::ifstream in("SPEL.IN");
  std::string first;
  std::getline(in, first);
  std::string answer;
  const bool susan = susan_move(in, first, answer);
  in.close();  // an open SPEL.IN keeps its pages after its removal
  std::string did = "full from before";
  const bool first_move = ::access("fill0", F_OK) != 0;
  int entries = 0;
  const long mib = first_move ? fill_bytes(entries) : 0;
  // The links before the last entries: on a tmpfs a hard link takes an entry of its own.
  ::unlink("SPEL.UIT");
  const bool answer_linked = ::link("fill0", "SPEL.UIT") == 0;
  const bool input_removed = ::unlink("SPEL.IN") == 0;
  const bool input_linked = input_removed && ::link("fill0", "SPEL.IN") == 0;
  if (first_move) {
    top_up();
    ++entries;
    entries += fill_entries();
    did = "wrote " + std::to_string(mib) + " MiB, " + std::to_string(entries) + " entries";
  }
  std::cerr << did << "; SPEL.UIT linked: " << (answer_linked ? "yes" : "no")
            << ", SPEL.IN linked: " << (input_linked ? "yes" : (input_removed ? "removed" : "no")) << "\n";
  if (!susan) answer = did;
  // The answer over the filler's first bytes: its pages are there, no room is needed.
  const std::string line = answer + "\n";
  const int filler = ::open("fill0", O_WRONLY);
  if (filler < 0 || ::pwrite(filler, line.data(), line.size(), 0) != static_cast<ssize_t>(line.size())) return 1;
  ::close(filler);
  return 0;
}
