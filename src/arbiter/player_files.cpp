#include "player_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "amazes/arbiter/command_line.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// The runtime's top-level entries: a directory on older systems, a link into /usr on merged-/usr
// ones (Debian 12), bound as whichever it is.
constexpr std::array<std::string_view, 7> kRuntimeRoots = {"/usr",   "/bin",   "/sbin",  "/lib",
                                                           "/lib32", "/lib64", "/libx32"};

// What programs read of /etc when they run (not when they are built or configured: ldconfig's
// ld.so.conf, the resolver's files of a network the player does not have); none of it is a
// secret. Each is a mount of its own at every player's start (about 0.3 ms each here), so the
// list is as short as running needs. Language runtimes keep configuration here that their
// trees under /usr link to (Java's conf, Python's sitecustomize, Perl's modules).
constexpr std::array<std::string_view, 6> kEtcFiles = {"ld.so.cache",   "localtime",    "timezone",
                                                       "nsswitch.conf", "alternatives", "perl"};
constexpr std::array<std::string_view, 3> kEtcPrefixes = {"java-", "python3", "mono"};

// Shared scratch directories and /: a file right in one comes alone.
constexpr std::array<std::string_view, 5> kScratch = {"/", "/tmp", "/var/tmp", "/run", "/dev/shm"};

// A folder named bin (or pyenv's shims) belongs to a tree: /opt/python/bin/python3 needs
// /opt/python/lib.
bool in_bin_folder(const fs::path& file) {
  const auto name = file.parent_path().filename();
  return name == "bin" || name == "sbin" || name == "shims";
}

void add_runtime_entry(std::vector<RuntimePath>& found, const fs::path& path) {
  std::error_code ec;
  const auto status = fs::symlink_status(path, ec);
  if (ec || !fs::exists(status)) return;
  if (fs::is_symlink(status)) {
    found.push_back({path, fs::read_symlink(path, ec)});
    if (ec) found.pop_back();
  } else {
    found.push_back({path, std::nullopt});
  }
}

std::vector<RuntimePath> find_system_runtime() {
  std::vector<RuntimePath> found;
  for (const auto root : kRuntimeRoots) add_runtime_entry(found, fs::path(root));
  for (const auto name : kEtcFiles) add_runtime_entry(found, fs::path("/etc") / name);
  std::error_code ec;
  std::vector<fs::path> prefixed;
  for (const auto& entry : fs::directory_iterator("/etc", ec)) {
    const std::string name = entry.path().filename().string();
    for (const auto prefix : kEtcPrefixes) {
      if (name.rfind(prefix, 0) == 0) prefixed.push_back(entry.path());
    }
  }
  std::sort(prefixed.begin(), prefixed.end());
  for (const auto& path : prefixed) add_runtime_entry(found, path);
  return found;
}

bool is_scratch(const fs::path& dir) {
  return std::find(kScratch.begin(), kScratch.end(), dir.string()) != kScratch.end();
}

}  // namespace

const std::vector<RuntimePath>& system_runtime() {
  static const std::vector<RuntimePath> runtime = find_system_runtime();
  return runtime;
}

bool is_inside(const fs::path& path, const fs::path& dir) {
  if (path == dir) return true;
  const auto rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != ".." && *rel.begin() != ".";
}

std::optional<fs::path> runtime_path_holding(const fs::path& path) {
  for (const auto& entry : system_runtime()) {
    if (is_inside(path, entry.path)) return entry.path;
  }
  return std::nullopt;
}

PlayerFiles player_files(const LaunchSpec& spec, const fs::path& cwd) {
  PlayerFiles files;
  files.argv = spec.argv;
  const auto absolute = [&](const fs::path& p) { return (p.is_absolute() ? p : cwd / p).lexically_normal(); };
  std::vector<fs::path> bound;
  // A named path and, when it is a link, what it points to (both must resolve inside).
  const auto bind = [&](const fs::path& path, bool tree) {
    std::error_code ec;
    std::vector<fs::path> forms = {path};
    const fs::path real = fs::canonical(path, ec);
    if (!ec && real != path) forms.push_back(real);
    for (const auto& form : forms) {
      if (runtime_path_holding(form)) continue;
      const bool is_dir = fs::is_directory(form, ec);
      fs::path what = is_dir ? form : form.parent_path();
      if (!is_dir && tree && in_bin_folder(form)) what = what.parent_path();
      if (!is_dir && is_scratch(what)) what = form;
      bound.push_back(what);
    }
  };

  const fs::path program = absolute(spec.program);
  files.program = program;
  std::vector<fs::path> named;  // the arguments that name an existing path
  for (std::size_t i = 1; i < spec.argv.size(); ++i) {
    if (spec.argv[i].empty()) continue;
    const fs::path p = absolute(spec.argv[i]);
    std::error_code ec;
    if (!fs::exists(p, ec)) continue;
    files.argv[i] = p.string();
    named.push_back(p);
  }
  const std::optional<fs::path> first_named = named.empty() ? std::nullopt : std::optional(named.front());
  // An interpreter: a program of the runtime or of a bin folder that is given a path to run.
  const bool interpreter = first_named && (runtime_path_holding(program) || in_bin_folder(program));
  bind(program, interpreter);
  if (const auto hashbang = script_interpreter(program)) bind(absolute(*hashbang), true);
  for (const auto& path : named) bind(path, false);

  if (interpreter || runtime_path_holding(program)) {
    if (first_named) {
      std::error_code ec;
      files.home = fs::is_directory(*first_named, ec) ? *first_named : first_named->parent_path();
    }
  } else {
    files.home = program.parent_path();
  }
  if (files.home && runtime_path_holding(*files.home)) files.home.reset();

  // Each once, and none inside another (binding the outer one shows the inner one).
  std::sort(bound.begin(), bound.end());
  bound.erase(std::unique(bound.begin(), bound.end()), bound.end());
  for (const auto& path : bound) {
    if (std::none_of(files.bound.begin(), files.bound.end(), [&](const fs::path& o) { return is_inside(path, o); })) {
      files.bound.push_back(path);
    }
  }
  // A home that is a lone file's scratch directory is not bound: the working directory is then /.
  if (files.home && std::none_of(files.bound.begin(), files.bound.end(),
                                 [&](const fs::path& b) { return is_inside(*files.home, b); })) {
    files.home.reset();
  }
  return files;
}

std::vector<fs::path> folders_on_the_way(const PlayerFiles& files) {
  std::vector<fs::path> folders;
  for (const auto& path : files.bound) {
    for (fs::path up = path.parent_path(); up != up.root_path() && !up.empty(); up = up.parent_path()) {
      if (!runtime_path_holding(up)) folders.push_back(up);
    }
  }
  std::sort(folders.begin(), folders.end());
  folders.erase(std::unique(folders.begin(), folders.end()), folders.end());
  return folders;
}

}  // namespace amazes::arbiter
