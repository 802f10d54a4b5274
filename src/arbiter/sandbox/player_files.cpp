#include "sandbox/player_files.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "amazes/arbiter/player_command.hpp"

namespace amazes::arbiter {

namespace {

namespace fs = std::filesystem;

// The runtime's top-level entries: a directory on older systems, a link into /usr on merged-/usr
// ones (Debian 12), bound as whichever it is.
constexpr std::array<std::string_view, 7> kRuntimeRoots = {"/usr",   "/bin",   "/sbin",  "/lib",
                                                           "/lib32", "/lib64", "/libx32"};

// What programs read of /etc when they run (not when they are built or configured: ldconfig's
// ld.so.conf, the resolver's files of a network the player does not have); none of it is a
// secret. Each is a mount of its own at every player's start, so the list is as short as
// running needs. Language runtimes keep configuration here that their
// trees under /usr link to (Java's conf, Python's sitecustomize, Perl's modules).
constexpr std::array<std::string_view, 6> kEtcFiles = {"ld.so.cache",   "localtime",    "timezone",
                                                       "nsswitch.conf", "alternatives", "perl"};
constexpr std::array<std::string_view, 3> kEtcPrefixes = {"java-", "python3", "mono"};

// Shared scratch directories and /: a file right in one comes alone.
constexpr std::array<std::string_view, 4> kScratch = {"/", "/tmp", "/var/tmp", "/run"};

// The kernel's own file systems: the sandbox has its own /proc and /dev and no /sys, so nothing
// of the host's is ever bound. A path that passes through one (/proc/self/root/…, /dev/fd/…)
// is resolved there, by the sandbox's own, and brings nothing.
constexpr std::array<std::string_view, 3> kKernelFolders = {"/proc", "/sys", "/dev"};

// Folders the sandbox makes itself (with its passwd and group files, a fresh /proc and /dev, an
// empty or private /tmp).
constexpr std::array<std::string_view, 4> kSandboxFolders = {"/etc", "/tmp", "/proc", "/dev"};

// The kernel follows "#!" from one interpreter to the next at most this deep (BINPRM_MAX_RECURSION).
constexpr int kMaxInterpreters = 4;

// A folder named bin (or pyenv's shims) belongs to a tree: /opt/python/bin/python3 needs
// /opt/python/lib.
bool is_bin_folder(const fs::path& folder) {
  const auto name = folder.filename();
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

template <std::size_t N>
bool inside_any(const fs::path& path, const std::array<std::string_view, N>& folders) {
  return std::any_of(folders.begin(), folders.end(), [&](std::string_view f) { return is_inside(path, fs::path(f)); });
}

bool is_scratch(const fs::path& dir) {
  return std::find(kScratch.begin(), kScratch.end(), dir.string()) != kScratch.end();
}

// Whether the resolution of a path went through a kernel file system.
bool through_kernel_folders(const ResolvedPath& resolved) {
  if (inside_any(resolved.real, kKernelFolders)) return true;
  if (std::any_of(resolved.folders.begin(), resolved.folders.end(),
                  [](const fs::path& f) { return inside_any(f, kKernelFolders); })) {
    return true;
  }
  return std::any_of(resolved.links.begin(), resolved.links.end(),
                     [](const WayLink& l) { return inside_any(l.at, kKernelFolders); });
}

// A folder that would show the runtime's or the kernel's folders beside the player's own (/,
// /etc): its contents are not the player's to see.
std::optional<fs::path> system_folder_below(const fs::path& folder) {
  for (const auto& entry : system_runtime()) {
    if (is_inside(entry.path, folder)) return entry.path;
  }
  for (const auto kernel : kKernelFolders) {
    if (is_inside(fs::path(kernel), folder)) return fs::path(kernel);
  }
  return std::nullopt;
}

// Builds PlayerFiles from the command's resolved paths.
class FilesBuilder {
 public:
  explicit FilesBuilder(PlayerFiles& files) : files_(files) {}

  void bind(const fs::path& path) {
    if (!runtime_path_holding(path)) bound_.push_back(path);
  }
  // The way of a path the player's command uses, to be reproduced in the sandbox.
  void follow(const ResolvedPath& resolved) { ways_.push_back(resolved); }
  void need(const fs::path& path, int mode, const char* what) { files_.needs.push_back({path, mode, what}); }

  // Puts the bound folders (each once, none inside another) and the way into files_.
  void finish() {
    std::sort(bound_.begin(), bound_.end());
    bound_.erase(std::unique(bound_.begin(), bound_.end()), bound_.end());
    for (const auto& path : bound_) {
      const auto outer = [&](const fs::path& o) { return is_inside(path, o); };
      if (std::none_of(files_.bound.begin(), files_.bound.end(), outer)) files_.bound.push_back(path);
    }
    std::set<fs::path> way;
    std::set<fs::path> link_places;
    const auto add_folder_and_parents = [&](fs::path folder) {
      for (; folder != folder.root_path() && !folder.empty(); folder = folder.parent_path()) {
        if (!present(folder)) way.insert(folder);
      }
    };
    for (const auto& path : files_.bound) add_folder_and_parents(path.parent_path());
    for (const auto& resolved : ways_) {
      for (const auto& folder : resolved.folders) add_folder_and_parents(folder);
      for (const auto& link : resolved.links) {
        if (present(link.at) || !link_places.insert(link.at).second) continue;
        files_.links.push_back(link);
        add_folder_and_parents(link.at.parent_path());
      }
    }
    files_.way.assign(way.begin(), way.end());  // sorted: a parent before its children
    std::sort(files_.links.begin(), files_.links.end(), [](const WayLink& a, const WayLink& b) { return a.at < b.at; });
  }

 private:
  // Whether the sandbox has `path` anyway: in the runtime, in a bound folder, or one of its own.
  bool present(const fs::path& path) const {
    if (path == path.root_path() || runtime_path_holding(path)) return true;
    if (std::find(kSandboxFolders.begin(), kSandboxFolders.end(), path.string()) != kSandboxFolders.end()) return true;
    if (inside_any(path, kKernelFolders)) return true;
    return std::any_of(files_.bound.begin(), files_.bound.end(), [&](const fs::path& b) { return is_inside(path, b); });
  }

  PlayerFiles& files_;
  std::vector<fs::path> bound_;
  std::vector<ResolvedPath> ways_;
};

struct Named {
  fs::path written;
  ResolvedPath resolved;
};

// The options of a Java runtime whose value is a class path, a list of paths separated by ':'.
bool is_class_path_option(std::string_view word) {
  return word == "-cp" || word == "-classpath" || word == "--class-path";
}

// The value of "--class-path=LIST", or nothing.
std::optional<std::string> class_path_value(std::string_view word) {
  constexpr std::string_view kPrefix = "--class-path=";
  if (!word.starts_with(kPrefix)) return std::nullopt;
  return std::string(word.substr(kPrefix.size()));
}

// The interpreters the kernel runs for `program` ("#!" lines, one after the other), each of
// which must lie in the runtime or in `own`: a contestant's file does not choose what else its
// player sees. "" or why not.
std::string follow_interpreters(const fs::path& program, const fs::path& own, const fs::path& home,
                                FilesBuilder& builder) {
  fs::path script = program;
  for (int depth = 0; depth <= kMaxInterpreters; ++depth) {
    const auto interpreter = script_interpreter(script);
    if (!interpreter) return "";
    if (depth == kMaxInterpreters)
      return fmt::format("{}: more than {} levels of #! interpreters", program.string(), depth);
    builder.need(script, R_OK, "the script");
    const ResolvedPath resolved = resolve_path(*interpreter, home);
    if (!resolved.ok()) {
      return fmt::format("{}: its #! interpreter {} does not resolve: {}", script.string(), interpreter->string(),
                         resolved.error);
    }
    const bool own_file = !own.empty() && is_inside(resolved.real, own) && !through_kernel_folders(resolved);
    if (!own_file && !runtime_path_holding(resolved.real)) {
      return fmt::format(
          "{}: its #! interpreter {} resolves to {}, outside its folder {} and the system's runtime (name an "
          "interpreter of the system, e.g. #!/usr/bin/python3, or give the interpreter on the command line: "
          "INTERPRETER SCRIPT)",
          script.string(), interpreter->string(), resolved.real.string(), own.string());
    }
    builder.follow(resolved);
    builder.need(resolved.real, X_OK, "its #! interpreter");
    script = resolved.real;
  }
  return "";
}

}  // namespace

const std::vector<RuntimePath>& system_runtime() {
  static const std::vector<RuntimePath> runtime = find_system_runtime();
  return runtime;
}

bool is_inside(const fs::path& path, const fs::path& dir) {
  // On the text: the paths are absolute and normal, and a start's many checks (every folder of
  // its way against every bound one and the runtime) made lexically_relative a cost of its own.
  const std::string& p = path.native();
  std::string_view d = dir.native();
  while (d.size() > 1 && d.back() == '/') d.remove_suffix(1);
  if (p.size() < d.size() || p.compare(0, d.size(), d) != 0) return false;
  return p.size() == d.size() || d == "/" || p[d.size()] == '/';
}

std::optional<fs::path> runtime_path_holding(const fs::path& path) {
  for (const auto& entry : system_runtime()) {
    if (is_inside(path, entry.path)) return entry.path;
  }
  return std::nullopt;
}

namespace {

// player_files in steps, each "" or why the command is refused.
class CommandFiles {
 public:
  CommandFiles(const LaunchSpec& spec, const fs::path& cwd, PlayerFiles& files)
      : spec_(spec), cwd_(cwd), files_(files), builder_(files) {}

  std::string resolve() {
    files_.argv = spec_.argv;
    files_.program = absolute(spec_.program);
    program_ = resolve_path(files_.program, cwd_);
    if (!program_.ok()) {
      return fmt::format("its program {} does not resolve: {}", files_.program.string(), program_.error);
    }
    if (through_kernel_folders(program_)) {
      return fmt::format("its program {} goes through /proc, /sys or /dev: name the file itself",
                         files_.program.string());
    }
    // The folder it lies in, resolved without its last part (which may be a link).
    folder_ = resolve_path(files_.program.parent_path(), cwd_).real;
    for (std::size_t i = 1; i < spec_.argv.size(); ++i) {
      if (spec_.argv[i].empty()) continue;
      if (is_class_path_option(spec_.argv[i - 1])) {
        files_.argv[i] = name_class_path(spec_.argv[i]);
        continue;
      }
      if (const auto value = class_path_value(spec_.argv[i])) {
        files_.argv[i] = spec_.argv[i].substr(0, spec_.argv[i].size() - value->size()) + name_class_path(*value);
        continue;
      }
      if (auto named = name(spec_.argv[i])) files_.argv[i] = *named;
    }
    // An interpreter: a program of the runtime or of a bin folder that is given a path to run.
    runtime_program_ = runtime_path_holding(program_.real).has_value();
    interpreter_ = !named_.empty() && (runtime_program_ || is_bin_folder(folder_));
    return "";
  }

  // What the program brings: nothing from the runtime, the tree of an interpreter's bin folder,
  // else its folder (a file right in a scratch folder alone). Its last part may be a link that
  // stays in that folder or leads into the runtime, nowhere else.
  std::string bind_program() {
    own_ = folder_;
    if (!runtime_program_) {
      if (interpreter_) own_ = folder_.parent_path();
      if (!is_inside(program_.real, own_) && !runtime_path_holding(program_.real)) {
        return link_out("its program", files_.program, program_.real, own_);
      }
      if (is_scratch(own_)) {
        builder_.bind(program_.real);
      } else if (const auto system = system_folder_below(own_)) {
        return fmt::format("its program {} lies in {}, which holds the system's {}: give it a folder of its own",
                           files_.program.string(), own_.string(), system->string());
      } else {
        builder_.bind(own_);
      }
    }
    builder_.follow(program_);
    builder_.need(program_.real, X_OK, "its program");
    return "";
  }

  // Its working directory: the program's folder, or the script's (or folder's) an interpreter
  // runs, which stays where it is named, as a program does.
  std::string find_home() {
    if (interpreter_) {
      const Named& first = named_.front();
      std::error_code ec;
      if (fs::is_directory(first.resolved.real, ec)) {
        files_.home = first.resolved.real;
      } else {
        files_.home = resolve_path(first.written.parent_path(), cwd_).real;
        if (!is_inside(first.resolved.real, *files_.home) && !runtime_path_holding(first.resolved.real)) {
          return link_out("its script", first.written, first.resolved.real, *files_.home);
        }
      }
    } else if (!runtime_program_ && !is_scratch(folder_)) {
      files_.home = folder_;
    }
    if (files_.home && (runtime_path_holding(*files_.home) || inside_any(*files_.home, kKernelFolders))) {
      files_.home.reset();
    }
    if (files_.home) builder_.need(*files_.home, X_OK, "its folder");
    return follow_interpreters(program_.real, runtime_program_ ? fs::path() : own_, files_.home.value_or("/"),
                               builder_);
  }

  std::string bind_named() {
    for (const auto& n : named_) {
      if (auto why = bind_one(n); !why.empty()) return why;
    }
    return "";
  }

  void finish() {
    builder_.finish();
    // A home that is a lone file's scratch folder is not bound: the working directory is then /.
    if (files_.home && std::none_of(files_.bound.begin(), files_.bound.end(),
                                    [&](const fs::path& b) { return is_inside(*files_.home, b); })) {
      files_.home.reset();
    }
  }

 private:
  fs::path absolute(const fs::path& p) const { return p.is_absolute() ? p : cwd_ / p; }

  // A word of the command that names an existing path: it is bound, and given to the player
  // absolute (the working directory changes). Nothing for a word that is not a path.
  std::optional<std::string> name(const std::string& word) {
    Named n{absolute(word), resolve_path(absolute(word), cwd_)};
    if (!n.resolved.ok()) return std::nullopt;
    std::string written = n.written.string();
    named_.push_back(std::move(n));
    return written;
  }

  // A Java class path ("bot.jar:lib:lib/*"): every element is named as a word of its own would
  // be (a wildcard names its folder), and the list is given back with the named ones absolute.
  std::string name_class_path(const std::string& list) {
    std::string out;
    std::size_t start = 0;
    while (start <= list.size()) {
      const std::size_t end = std::min(list.find(':', start), list.size());
      std::string element = list.substr(start, end - start);
      const bool wildcard = element == "*" || element.ends_with("/*");
      const std::string path = wildcard ? (element == "*" ? "." : element.substr(0, element.size() - 2)) : element;
      if (!path.empty()) {
        if (auto named = name(path)) element = wildcard ? *named + "/*" : *named;
      }
      out += (start == 0 ? "" : ":") + element;
      start = end + 1;
    }
    return out;
  }

  static std::string link_out(const char* what, const fs::path& written, const fs::path& real, const fs::path& own) {
    return fmt::format(
        "{} {} is a link to {}, outside its folder {} (a link in a bot's folder may lead only within it or into the "
        "system's runtime)",
        what, written.string(), real.string(), own.string());
  }

  // A path the command names: bound where it resolves, unless a link of the bot's own folder
  // led it out, or it would show the system's folders.
  std::string bind_one(const Named& n) {
    const ResolvedPath& r = n.resolved;
    // The sandbox's own /proc and /dev answer such a path; nothing of the host's is bound.
    if (through_kernel_folders(r)) return "";
    builder_.follow(r);
    std::error_code ec;
    const bool folder_named = fs::is_directory(r.real, ec);
    builder_.need(r.real, folder_named ? X_OK : R_OK, folder_named ? "the folder it names" : "the file it names");
    if (runtime_path_holding(r.real)) return "";
    if (files_.home && !is_inside(r.real, *files_.home)) {
      for (const auto& link : r.links) {
        if (!is_inside(link.at, *files_.home)) continue;
        return fmt::format(
            "{} leads out of its folder {} through the link {} (to {}): a link in a bot's folder may lead only "
            "within it or into the system's runtime",
            n.written.string(), files_.home->string(), link.at.string(), link.target.string());
      }
    }
    fs::path what = folder_named ? r.real : r.real.parent_path();
    if (!folder_named && is_scratch(what)) what = r.real;
    if (const auto system = system_folder_below(what)) {
      return fmt::format("{} would show {} and everything else in {}: name a folder of the player's own",
                         n.written.string(), system->string(), what.string());
    }
    builder_.bind(what);
    return "";
  }

  const LaunchSpec& spec_;
  const fs::path& cwd_;
  PlayerFiles& files_;
  FilesBuilder builder_;
  ResolvedPath program_;
  fs::path folder_;
  fs::path own_;
  std::vector<Named> named_;  // the arguments that name an existing path
  bool runtime_program_ = false;
  bool interpreter_ = false;
};

}  // namespace

std::string add_move_folder(PlayerFiles& files, const fs::path& folder) {
  const ResolvedPath resolved = resolve_path(folder, "/");
  if (!resolved.ok() || resolved.real != folder || !resolved.links.empty()) {
    return fmt::format("the move folder {} is not a folder of the judge's own", folder.string());
  }
  // Neither inside what the player sees read-only nor around it: the one writable place stays one.
  for (const auto& path : files.bound) {
    if (is_inside(folder, path) || is_inside(path, folder)) {
      return fmt::format("the move folder {} and the player's files {} overlap", folder.string(), path.string());
    }
  }
  if (runtime_path_holding(folder)) return fmt::format("the move folder {} lies in the runtime", folder.string());
  std::set<fs::path> way(files.way.begin(), files.way.end());
  for (fs::path up = folder.parent_path(); up != up.root_path() && !up.empty(); up = up.parent_path()) {
    const bool present =
        runtime_path_holding(up) ||
        std::find(kSandboxFolders.begin(), kSandboxFolders.end(), up.string()) != kSandboxFolders.end() ||
        std::any_of(files.bound.begin(), files.bound.end(), [&](const fs::path& b) { return is_inside(up, b); });
    if (!present) way.insert(up);
  }
  files.way.assign(way.begin(), way.end());  // sorted: a parent before its children
  files.bound.push_back(folder);
  files.home = folder;
  files.writable = folder;
  return "";
}

PlayerFilesResult player_files(const LaunchSpec& spec, const fs::path& cwd) {
  PlayerFilesResult result;
  CommandFiles command(spec, cwd, result.files);
  // In order, each on the steps before it; the first refusal stops.
  for (const auto step :
       {&CommandFiles::resolve, &CommandFiles::bind_program, &CommandFiles::find_home, &CommandFiles::bind_named}) {
    result.error = (command.*step)();
    if (!result.error.empty()) return result;
  }
  command.finish();
  return result;
}

}  // namespace amazes::arbiter
