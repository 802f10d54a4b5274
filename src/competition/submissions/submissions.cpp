#include "amazes/competition/submissions.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "amazes/files/unique_fd.hpp"
#include "amazes/printable.hpp"
#include "submissions/submission_admission.hpp"
#include "submissions/submission_files.hpp"
#include "submissions/submission_list.hpp"
#include "submissions/submission_report.hpp"

namespace amazes::competition {

namespace {

namespace fs = std::filesystem;

// The compiler's first lines say why it failed; the rest is kept in the details.
constexpr std::size_t kReasonLines = 3;
// The start of the reason of a submission the judge failed on (a file it could not copy, a
// test game it could not play).
constexpr std::string_view kJudgeFailed = "the judge failed on it: ";

std::string first_lines(const std::string& text, std::size_t count) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t i = 0; i < count && at < text.size(); ++i) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (end > at) out += (out.empty() ? "" : " | ") + text.substr(at, end - at);
    at = end + 1;
  }
  return out;
}

struct SourceRead {
  std::string bytes;
  std::string problem;  // why it is refused unread
};

// The submission's bytes, read once, without following a link, at most `max` of them.
SourceRead read_source(const fs::path& path, std::uint64_t max) {
  SourceRead read;
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
  struct stat st {};
  if (!fd || ::fstat(fd.get(), &st) != 0) {
    read.problem = fmt::format("cannot read it: {}", std::strerror(errno));
  } else if (!S_ISREG(st.st_mode)) {
    read.problem = "not a regular file: a submission is one file";
  } else if (static_cast<std::uint64_t>(st.st_size) > max) {
    read.problem = fmt::format("{} bytes, over the limit of {} bytes", st.st_size, max);
  }
  if (!read.problem.empty()) return read;
  char buffer[1 << 16];
  for (ssize_t got; (got = ::read(fd.get(), buffer, sizeof buffer)) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return {"", fmt::format("cannot read it: {}", std::strerror(errno))};
    read.bytes.append(buffer, static_cast<std::size_t>(got));
    if (read.bytes.size() > max) return {"", fmt::format("over the limit of {} bytes", max)};
  }
  return read;
}

// What a compiler wrote, safe to print on a terminal: control characters but line breaks and
// tabs written as \xNN (a source may hold escape sequences that a compiler repeats).
std::string printable_lines(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
    }
  }
  return out;
}

std::string without(std::string text, const std::string& part) {
  for (std::size_t at; (at = text.find(part)) != std::string::npos;) text.erase(at, part.size());
  return text;
}

class SubmissionJudge {
 public:
  SubmissionJudge(const SubmissionSettings& settings, const SubmissionFiles& files)
      : settings_(settings), files_(files), admission_key_(admission_key(settings)) {}

  // The verdict of a submission whose handling threw: rejected, with what went wrong. Nothing is
  // remembered, so the next run tries it again.
  SubmissionVerdict failed(const Submission& s, std::string_view what) const {
    SubmissionVerdict v;
    v.name = s.problem.empty() ? s.name : shown_file_name(s.name);
    v.file = s.shown;
    return rejected(std::move(v), std::string(kJudgeFailed) + amazes::printable(what));
  }

  SubmissionVerdict judge(const Submission& s) const {
    SubmissionVerdict v;
    v.name = s.problem.empty() ? s.name : shown_file_name(s.name);
    v.file = s.shown;
    if (!s.problem.empty()) return rejected(std::move(v), s.problem);
    const Language* language = language_for(settings_.languages, s.extension);
    if (language == nullptr) {
      return rejected(std::move(v), fmt::format("no language takes .{} files", shown_file_name(s.extension)));
    }
    v.language = language->name;
    for (const auto& tool : language->toolchain) {
      std::error_code ec;
      if (!fs::exists(tool, ec)) {
        return rejected(std::move(v),
                        fmt::format("the {} toolchain is not on this machine ({})", language->name, tool));
      }
    }
    const SourceRead read = read_source(s.path, settings_.max_source_bytes);
    if (!read.problem.empty()) return rejected(std::move(v), read.problem);
    const std::string& source = read.bytes;
    const std::string row = language->compile + "\n" + language->run;
    if (auto kept = files_.unchanged(s.name, source); kept && kept->row == row && kept->verdict.file == v.file) {
      if (kept->verdict.status == SubmissionStatus::Rejected || kept->admission_key == admission_key_) {
        kept->verdict.unchanged = true;
        return kept->verdict;
      }
      return remembered(admitted(std::move(kept->verdict)), source, row);  // the settings changed
    }
    return remembered(compiled(std::move(v), s, source, *language), source, row);
  }

 private:
  static SubmissionVerdict rejected(SubmissionVerdict v, std::string reason) {
    v.status = SubmissionStatus::Rejected;
    v.reason = std::move(reason);
    return v;
  }

  SubmissionVerdict remembered(SubmissionVerdict v, const std::string& source, const std::string& row) const {
    files_.remember(v.name, source, {row, admission_key_, v});
    return v;
  }

  SubmissionVerdict compiled(SubmissionVerdict v, const Submission& s, const std::string& source,
                             const Language& language) const {
    const std::string file = s.path.filename().string();
    const fs::path build = fs::absolute(files_.build(s.name));
    const fs::path built = fs::absolute(files_.built(s.name));
    std::error_code ec;
    fs::remove_all(build, ec);
    fs::remove_all(built, ec);
    const LanguageWords words{(build / file).string(), build.string(), s.name, file,
                              fs::absolute(files_.bot(s.name)).string()};
    std::string unknown;
    const auto run = fill_language_words(language.run, words, &unknown);
    const auto command = fill_language_words(language.compile, words, &unknown);
    if (!run || !command) {
      return rejected(std::move(v), fmt::format("the {} row of the languages table has {}", language.name, unknown));
    }
    v.run = *run;
    arbiter::CompileRequest request;
    request.source = source;
    request.file = file;
    request.command = *command;
    request.build = build;
    request.output = built;
    request.sandbox = settings_.match.sandbox;
    request.limits = settings_.limits;
    request.toolchain = language.toolchain;
    const arbiter::CompileResult result = arbiter::run_sandboxed_compile(request);
    v.compile_seconds = result.cpu_seconds;
    v.compile_wall_seconds = result.wall_seconds;
    v.sandbox = result.sandbox;
    v.details =
        printable_lines(without(result.messages, build.string() + "/"));  // "bot.c:4:3: error", not the judge's path
    if (!result.compiled) {
      files_.remove_bot(s.name);
      if (!result.refusal.empty()) return rejected(std::move(v), "not compiled: " + result.refusal);
      if (!result.limit.empty()) return rejected(std::move(v), "not compiled: it hit its limit of " + result.limit);
      const std::string said = first_lines(v.details, kReasonLines);
      return rejected(std::move(v), fmt::format("not compiled ({}){}", result.exit, said.empty() ? "" : ": " + said));
    }
    files_.install(s.name);
    return admitted(std::move(v));
  }

  SubmissionVerdict admitted(SubmissionVerdict v) const {
    const Admission admission = admit(settings_, {v.name, v.run});
    v.status = admission.admitted ? SubmissionStatus::Admitted : SubmissionStatus::NotAdmitted;
    v.reason = admission.reason;
    if (!admission.admitted) v.details = admission.details;
    return v;
  }

  const SubmissionSettings& settings_;
  const SubmissionFiles& files_;
  std::string admission_key_;
};

}  // namespace

std::string_view submission_status_name(SubmissionStatus status) {
  switch (status) {
    case SubmissionStatus::Admitted: return "admitted";
    case SubmissionStatus::NotAdmitted: return "not admitted";
    case SubmissionStatus::Rejected: return "rejected";
  }
  return "rejected";
}

std::vector<SubmissionVerdict> handle_submissions(const std::vector<fs::path>& sources,
                                                  const SubmissionSettings& settings,
                                                  const std::function<void(const SubmissionVerdict&)>& done) {
  const SubmissionFiles files(settings.out);
  files.clear_leftovers();
  const std::vector<Submission> submissions = find_submissions(sources);
  const SubmissionJudge judge(settings, files);
  std::vector<SubmissionVerdict> verdicts(submissions.size());
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::string failure;
  const auto work = [&] {
    for (std::size_t i; (i = next++) < submissions.size();) {
      std::optional<SubmissionVerdict> v;
      try {
        v = judge.judge(submissions[i]);
      } catch (const std::exception& e) {
        v = judge.failed(submissions[i], e.what());
      } catch (...) {
        v = judge.failed(submissions[i], "an unknown error");
      }
      const std::lock_guard lock(mutex);
      // A failure with the output folder still writable was this submission's; one without
      // it is the judge's own trouble, and nothing more can be written for anyone.
      if (v->status == SubmissionStatus::Rejected && v->reason.starts_with(kJudgeFailed) && !files.writable()) {
        if (failure.empty()) failure = fmt::format("cannot write {}: {}", settings.out.string(), v->reason);
        next = submissions.size();
        return;
      }
      verdicts[i] = std::move(*v);
      if (done) done(verdicts[i]);
    }
  };
  const int workers = std::clamp(settings.jobs, 1, static_cast<int>(std::max<std::size_t>(1, submissions.size())));
  std::vector<std::thread> threads;
  for (int w = 1; w < workers; ++w) threads.emplace_back(work);
  work();
  for (auto& thread : threads) thread.join();
  if (!failure.empty()) throw std::runtime_error(failure);
  write_submission_report(settings.out, verdicts);
  return verdicts;
}

}  // namespace amazes::competition
