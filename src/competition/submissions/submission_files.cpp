#include "submissions/submission_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "amazes/files/text_file.hpp"
#include "amazes/files/unique_fd.hpp"

namespace amazes::competition {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::uintmax_t kMaxRecordBytes = 1U << 20;

void make_folder(const fs::path& path, mode_t mode) {
  std::error_code ec;
  fs::create_directories(path, ec);
  if (ec || !fs::is_directory(path)) {
    throw std::runtime_error(fmt::format("cannot make the folder {}: {}", path.string(), ec.message()));
  }
  if (::chmod(path.c_str(), mode) != 0) {
    throw std::runtime_error(fmt::format("cannot set the mode of {}: {}", path.string(), std::strerror(errno)));
  }
}

json verdict_json(const SubmissionVerdict& v) {
  return {{"file", v.file},
          {"language", v.language},
          {"status", submission_status_name(v.status)},
          {"reason", v.reason},
          {"details", v.details},
          {"run", v.run},
          {"compile_seconds", v.compile_seconds},
          {"sandbox", v.sandbox}};
}

SubmissionStatus status_from(const std::string& name) {
  for (const auto status : {SubmissionStatus::Admitted, SubmissionStatus::NotAdmitted, SubmissionStatus::Rejected}) {
    if (submission_status_name(status) == name) return status;
  }
  throw std::runtime_error("unknown status " + name);
}

}  // namespace

SubmissionFiles::SubmissionFiles(fs::path out) : out_(std::move(out)), state_(out_ / ".compile") {
  make_folder(out_, 0755);  // the players' UIDs pass through it to their bots
  make_folder(out_ / "bots", 0755);
  // Passable, not listable: bubblewrap reaches a build folder in it as the compile's UID.
  make_folder(state_, 0711);
  make_folder(state_ / "build", 0711);
  make_folder(state_ / "built", 0700);
  make_folder(state_ / "records", 0700);  // the submitted sources: the organiser's alone
}

std::optional<SubmissionRecord> SubmissionFiles::unchanged(const std::string& name, const std::string& source) const {
  try {
    const fs::path dir = record_folder(name);
    if (files::read_text_file(dir / "source", kMaxRecordBytes + source.size()) != source) return std::nullopt;
    const json record = json::parse(files::read_text_file(dir / "verdict.json", kMaxRecordBytes));
    SubmissionRecord out;
    out.row = record.at("row").get<std::string>();
    out.admission_key = record.at("admission").get<std::string>();
    const json& v = record.at("verdict");
    out.verdict.name = name;
    out.verdict.file = v.at("file").get<std::string>();
    out.verdict.language = v.at("language").get<std::string>();
    out.verdict.status = status_from(v.at("status").get<std::string>());
    out.verdict.reason = v.at("reason").get<std::string>();
    out.verdict.details = v.at("details").get<std::string>();
    out.verdict.run = v.at("run").get<std::string>();
    out.verdict.compile_seconds = v.at("compile_seconds").get<double>();
    out.verdict.compile_wall_seconds = v.value("compile_wall_seconds", 0.0);
    out.verdict.sandbox = v.at("sandbox").get<std::string>();
    if (out.verdict.status != SubmissionStatus::Rejected && !fs::is_directory(bot(name))) return std::nullopt;
    return out;
  } catch (const std::exception&) {  // none yet, or unreadable: built again
    return std::nullopt;
  }
}

void SubmissionFiles::remember(const std::string& name, const std::string& source,
                               const SubmissionRecord& record) const {
  const fs::path dir = record_folder(name);
  make_folder(dir, 0700);
  const json text = {
      {"row", record.row}, {"admission", record.admission_key}, {"verdict", verdict_json(record.verdict)}};
  files::write_file_atomically(dir / "source", source);
  files::write_file_atomically(dir / "verdict.json", text.dump(2) + "\n");
}

void SubmissionFiles::install(const std::string& name) const {
  const fs::path from = built(name);
  const fs::path to = bot(name);
  std::error_code ec;
  if (fs::exists(to, ec)) {
    // Exchanged in one step: a tournament starting now finds the old bot or the new one.
    if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_EXCHANGE) != 0) {
      throw std::runtime_error(
          fmt::format("cannot put {} in place of {}: {}", from.string(), to.string(), std::strerror(errno)));
    }
    fs::remove_all(from, ec);
    return;
  }
  fs::rename(from, to);
}

void SubmissionFiles::remove_bot(const std::string& name) const {
  std::error_code ec;
  fs::remove_all(bot(name), ec);
}

void SubmissionFiles::clear_leftovers() const {
  std::error_code ec;
  for (const char* folder : {"build", "built"}) {
    for (const auto& entry : fs::directory_iterator(state_ / folder, ec)) fs::remove_all(entry.path(), ec);
  }
}

bool SubmissionFiles::writable() const {
  for (const fs::path& folder : {out_, out_ / "bots", state_ / "records"}) {
    if (::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) != 0) return false;
    const fs::path probe = folder / ".amazes-probe";
    UniqueFd fd(::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
    const bool written = fd && ::write(fd.get(), "x", 1) == 1;
    ::unlink(probe.c_str());
    if (!written) return false;
  }
  return true;
}

}  // namespace amazes::competition
