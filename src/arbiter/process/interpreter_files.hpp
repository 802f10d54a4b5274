#pragma once
// The file an interpreter will open: `python3 bots/x/bot.py` starts even when bot.py is not
// there, and the player then loses every game as a crash. For the interpreters a contest meets
// (python, node, java -jar/-cp and java Source.java, mono, perl, ruby, sh/bash/dash) the file
// argument is found in the command as the interpreter reads its own options, and must exist and
// be readable before the first game. Other programs are not second-guessed.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace amazes::arbiter {

// Why the interpreter `argv[0]` would not find the file its arguments name, in a few words
// ("its script bots/x.py: no such file"), with a hint when the argument starts with `~`, which
// no shell expanded ("the shell did not expand ~: write the full path"); nothing when argv[0]
// is not a known interpreter, names no file (`python3 -c …`, `java Main`) or the file is there.
// Relative paths are taken from `cwd`.
std::optional<std::string> interpreter_file_problem(const std::vector<std::string>& argv,
                                                    const std::filesystem::path& cwd);

// " (the shell did not expand ~: write the full path)" when `word` starts with `~`, else "".
std::string tilde_hint(const std::string& word);

}  // namespace amazes::arbiter
