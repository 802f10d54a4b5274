// Attack: tries to carry a 16-bit PATTERN through kernel state that outlives a turn (from one
// player of a game to the other: the judge freezes the one not on turn) or a game (to a later
// one), through the shared, read-only runtime. Usage: channel MODE send|receive PATTERN TURNS [FILE]
//   between the players (red sends, blue receives), on sixteen files of /usr/share/doc/*/:
//     flock      the sender holds flock(LOCK_EX) on the files of its 1 bits; the receiver tries them
//     posix-lock the sender holds fcntl F_SETLK read locks on bytes 0–15 of one file; F_GETLK looks
//     ofd-lock   the same with F_OFD_SETLK and F_OFD_GETLK
//     inotify    the receiver watches the files; the sender opens and reads those of its 1 bits
//     dnotify    the receiver asks F_NOTIFY (DN_ACCESS) of their folders; the sender reads the same
//   from one game to a later one, through the page cache of FILE (a large runtime file): the
//   sender evicts FILE (posix_fadvise DONTNEED) and reads the first page of each sixteenth of
//   it that carries a 1; the receiver tells which are cached without loading them:
//     mincore, preadv2 (RWF_NOWAIT), cachestat, aio (an io_submit read with RWF_NOWAIT)
// The receiver prepares at its turn 1 (watches); the sender sends at its turn 2; the receiver
// reads at its turn 2. Both play every turn. Reports, on stderr:
//   "channel: MODE: CALL: ERRNO" for the first call of each kind that fails (or "ok"),
//   "channel: MODE: received XXXX" (the receiver: the bits it saw, hexadecimal).
#include <dirent.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "attack.hpp"

namespace {

constexpr int kBits = 16;
constexpr long kPage = 4096;
const int kSignal = SIGRTMIN + 1;  // dnotify's, with the folder's descriptor in si_fd

struct Channel {
  std::string mode;
  bool sender = false;
  unsigned pattern = 0;
  std::string file;
  std::vector<int> held;      // what the sender keeps open (its locks live as long)
  int watch = -1;             // the receiver's inotify descriptor
  std::map<int, int> bit_of;  // watch or folder descriptor -> bit
  aio_context_t aio = 0;      // the receiver's AIO context
  std::set<std::string> reported;
};

// Reports the first outcome of each kind of call: "ok" or its errno name.
bool check(Channel& c, const std::string& call, bool succeeded) {
  if (c.reported.insert(call).second) {
    bot::report("channel: " + c.mode + ": " + call + ": " + (succeeded ? std::string("ok") : bot::errno_name(errno)));
  }
  return succeeded;
}

bool bit(const Channel& c, int i) { return ((c.pattern >> i) & 1U) != 0; }

void received(const Channel& c, unsigned bits) {
  char hex[8];
  std::snprintf(hex, sizeof hex, "%04X", bits & 0xFFFFU);
  bot::report("channel: " + c.mode + ": received " + hex);
}

// Sixteen folders of /usr/share/doc with a regular file `copyright` in each (the same for every
// player: the runtime is shared), sorted.
std::vector<std::string> doc_folders() {
  std::vector<std::string> names;
  if (DIR* doc = ::opendir("/usr/share/doc")) {
    while (const dirent* entry = ::readdir(doc)) names.emplace_back(entry->d_name);
    ::closedir(doc);
  }
  std::sort(names.begin(), names.end());
  std::vector<std::string> folders;
  for (const auto& name : names) {
    const std::string folder = "/usr/share/doc/" + name;
    struct stat st {};
    if (name[0] == '.' || ::lstat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) continue;
    if (::lstat((folder + "/copyright").c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < kBits) continue;
    folders.push_back(folder);
    if (folders.size() == kBits) break;
  }
  return folders;
}

std::string file_of(const std::string& folder) { return folder + "/copyright"; }

int open_read(const std::string& path, int flags = 0) { return ::open(path.c_str(), O_RDONLY | O_CLOEXEC | flags); }

// Opens and reads a byte of each file of a 1 bit: what inotify and dnotify see.
void read_files(Channel& c, const std::vector<std::string>& folders) {
  for (int i = 0; i < kBits; ++i) {
    if (!bit(c, i)) continue;
    const int fd = open_read(file_of(folders[i]));
    char byte = 0;
    check(c, "read", fd >= 0 && ::read(fd, &byte, 1) == 1);
    if (fd >= 0) ::close(fd);
  }
}

// ---- locks

void send_flock(Channel& c, const std::vector<std::string>& folders) {
  for (int i = 0; i < kBits; ++i) {
    if (!bit(c, i)) continue;
    const int fd = open_read(file_of(folders[i]));
    check(c, "flock", fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0);
    c.held.push_back(fd);
  }
}

void receive_flock(Channel& c, const std::vector<std::string>& folders) {
  unsigned bits = 0;
  for (int i = 0; i < kBits; ++i) {
    const int fd = open_read(file_of(folders[i]));
    errno = 0;
    if (fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK) {
      bits |= 1U << i;
    } else {
      check(c, "flock", errno == 0);
    }
    if (fd >= 0) ::close(fd);
  }
  received(c, bits);
}

struct flock byte_lock(short type, int i) {
  struct flock lock {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  lock.l_start = i;
  lock.l_len = 1;
  return lock;
}

void send_record_locks(Channel& c, const std::vector<std::string>& folders, int set) {
  const int fd = open_read(file_of(folders[0]));
  for (int i = 0; i < kBits; ++i) {
    if (!bit(c, i)) continue;
    struct flock lock = byte_lock(F_RDLCK, i);
    check(c, set == F_SETLK ? "F_SETLK" : "F_OFD_SETLK", ::fcntl(fd, set, &lock) == 0);
  }
  c.held.push_back(fd);
}

void receive_record_locks(Channel& c, const std::vector<std::string>& folders, int get) {
  const int fd = open_read(file_of(folders[0]));
  unsigned bits = 0;
  for (int i = 0; i < kBits; ++i) {
    struct flock lock = byte_lock(F_WRLCK, i);
    if (check(c, get == F_GETLK ? "F_GETLK" : "F_OFD_GETLK", ::fcntl(fd, get, &lock) == 0) && lock.l_type != F_UNLCK) {
      bits |= 1U << i;
    }
  }
  ::close(fd);
  received(c, bits);
}

// ---- watches

void prepare_inotify(Channel& c, const std::vector<std::string>& folders) {
  c.watch = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (!check(c, "inotify_init1", c.watch >= 0)) return;
  for (int i = 0; i < kBits; ++i) {
    const int wd = ::inotify_add_watch(c.watch, file_of(folders[i]).c_str(), IN_OPEN | IN_ACCESS);
    if (check(c, "inotify_add_watch", wd >= 0)) c.bit_of[wd] = i;
  }
}

void receive_inotify(Channel& c) {
  unsigned bits = 0;
  alignas(inotify_event) char buffer[4096];
  for (ssize_t n; c.watch >= 0 && (n = ::read(c.watch, buffer, sizeof buffer)) > 0;) {
    for (ssize_t at = 0; at < n;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
      if (c.bit_of.count(event->wd) != 0) bits |= 1U << c.bit_of[event->wd];
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
    }
  }
  received(c, bits);
}

void prepare_dnotify(Channel& c, const std::vector<std::string>& folders) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, kSignal);
  ::sigprocmask(SIG_BLOCK, &set, nullptr);
  for (int i = 0; i < kBits; ++i) {
    const int fd = open_read(folders[i], O_DIRECTORY);
    if (fd < 0) continue;
    if (check(c, "F_SETSIG", ::fcntl(fd, F_SETSIG, kSignal) == 0) &&
        check(c, "F_NOTIFY", ::fcntl(fd, F_NOTIFY, DN_ACCESS | DN_MULTISHOT) == 0)) {
      c.bit_of[fd] = i;
    }
  }
}

void receive_dnotify(Channel& c) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, kSignal);
  unsigned bits = 0;
  const timespec now{0, 0};
  siginfo_t info{};
  while (::sigtimedwait(&set, &info, &now) == kSignal) {
    if (c.bit_of.count(info.si_fd) != 0) bits |= 1U << c.bit_of[info.si_fd];
  }
  received(c, bits);
}

// ---- the page cache of FILE

// The first page of the i-th sixteenth of the file.
off_t page_of(off_t size, int i) { return (size / kBits * i) / kPage * kPage; }

off_t size_of(int fd) {
  struct stat st {};
  return ::fstat(fd, &st) == 0 ? st.st_size : 0;
}

void send_cache(Channel& c) {
  const int fd = open_read(c.file);
  if (!check(c, "open", fd >= 0)) return;
  check(c, "posix_fadvise", ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0);
  std::vector<char> page(kPage);
  for (int i = 0; i < kBits; ++i) {
    if (bit(c, i)) check(c, "pread", ::pread(fd, page.data(), kPage, page_of(size_of(fd), i)) > 0);
  }
  ::close(fd);
}

// Whether the page at `offset` is cached, by the receiver's mode; nothing when it cannot tell.
std::optional<bool> cached(Channel& c, int fd, const char* map, off_t offset) {
  std::vector<char> page(kPage);
  if (c.mode == "mincore") {
    unsigned char resident = 0;
    if (!check(c, "mincore", map != nullptr && ::mincore(const_cast<char*>(map) + offset, kPage, &resident) == 0)) {
      return std::nullopt;
    }
    return (resident & 1U) != 0;
  }
  if (c.mode == "preadv2") {
    iovec io{page.data(), static_cast<std::size_t>(kPage)};
    // The raw call: glibc's wrapper answers EOPNOTSUPP for a kernel without preadv2 when it has flags.
    const long n = ::syscall(SYS_preadv2, fd, &io, 1, offset, 0, RWF_NOWAIT);
    if (n < 0 && errno == EAGAIN) return false;
    if (!check(c, "preadv2", n > 0)) return std::nullopt;
    return true;
  }
  if (c.mode == "cachestat") {
    struct {
      std::uint64_t off, len;
    } range{static_cast<std::uint64_t>(offset), static_cast<std::uint64_t>(kPage)};
    struct {
      std::uint64_t cache, dirty, writeback, evicted, recently_evicted;
    } stat{};
    constexpr long kCachestat = 451;
    if (!check(c, "cachestat", ::syscall(kCachestat, fd, &range, &stat, 0) == 0)) return std::nullopt;
    return stat.cache > 0;
  }
  // aio: a read with RWF_NOWAIT
  if (c.aio == 0 && !check(c, "io_setup", ::syscall(SYS_io_setup, 1, &c.aio) == 0)) return std::nullopt;
  iocb request{};
  request.aio_lio_opcode = IOCB_CMD_PREAD;
  request.aio_fildes = static_cast<std::uint32_t>(fd);
  request.aio_buf = reinterpret_cast<std::uint64_t>(page.data());
  request.aio_nbytes = kPage;
  request.aio_offset = offset;
  request.aio_rw_flags = RWF_NOWAIT;
  iocb* requests[] = {&request};
  io_event event{};
  if (!check(c, "io_submit", ::syscall(SYS_io_submit, c.aio, 1, requests) == 1) ||
      !check(c, "io_getevents", ::syscall(SYS_io_getevents, c.aio, 1, 1, &event, nullptr) == 1)) {
    return std::nullopt;
  }
  return event.res > 0;
}

void receive_cache(Channel& c) {
  const int fd = open_read(c.file);
  if (!check(c, "open", fd >= 0)) return;
  const off_t size = size_of(fd);
  void* map = ::mmap(nullptr, static_cast<std::size_t>(size), PROT_READ, MAP_SHARED, fd, 0);
  unsigned bits = 0;
  for (int i = 0; i < kBits; ++i) {
    if (cached(c, fd, map == MAP_FAILED ? nullptr : static_cast<const char*>(map), page_of(size, i)).value_or(false)) {
      bits |= 1U << i;
    }
  }
  if (map != MAP_FAILED) ::munmap(map, static_cast<std::size_t>(size));
  ::close(fd);
  received(c, bits);
}

bool between_players(const std::string& mode) {
  return mode == "flock" || mode == "posix-lock" || mode == "ofd-lock" || mode == "inotify" || mode == "dnotify";
}

void prepare(Channel& c, const std::vector<std::string>& folders) {
  if (c.sender) return;
  if (c.mode == "inotify") prepare_inotify(c, folders);
  if (c.mode == "dnotify") prepare_dnotify(c, folders);
}

void act(Channel& c, const std::vector<std::string>& folders) {
  if (!between_players(c.mode)) {
    c.sender ? send_cache(c) : receive_cache(c);
  } else if (c.mode == "flock") {
    c.sender ? send_flock(c, folders) : receive_flock(c, folders);
  } else if (c.mode == "posix-lock") {
    c.sender ? send_record_locks(c, folders, F_SETLK) : receive_record_locks(c, folders, F_GETLK);
  } else if (c.mode == "ofd-lock") {
    c.sender ? send_record_locks(c, folders, F_OFD_SETLK) : receive_record_locks(c, folders, F_OFD_GETLK);
  } else if (c.sender) {
    read_files(c, folders);
  } else {
    c.mode == "inotify" ? receive_inotify(c) : receive_dnotify(c);
  }
}

}  // namespace

int main(int argc, char** argv) {
  Channel c;
  c.mode = bot::arg_str(argc, argv, 1, "flock");
  c.sender = bot::arg_str(argc, argv, 2, "send") == "send";
  c.pattern = static_cast<unsigned>(std::stoul(bot::arg_str(argc, argv, 3, "0"), nullptr, 16));
  const int turns = bot::arg_int(argc, argv, 4, 150);
  c.file = bot::arg_str(argc, argv, 5, "");
  const std::vector<std::string> folders = doc_folders();
  if (between_players(c.mode) && folders.size() < kBits) bot::report("channel: " + c.mode + ": too few folders");
  std::vector<std::string> lines;
  for (int turn = 1; turn <= turns && bot::read_turn(lines); ++turn) {
    if (folders.size() == kBits || !between_players(c.mode)) {
      if (turn == 1) prepare(c, folders);
      if (turn == 2) act(c, folders);
    }
    bot::answer(bot::move_for(lines));
  }
  return 0;
}
