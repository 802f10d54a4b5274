// amazes maze generate: valid mazes from a seed, one file each (or standard output).
#include <filesystem>
#include <iostream>

#include "amazes/competition/random_seed.hpp"
#include "amazes/files/text_file.hpp"
#include "amazes/generator.hpp"
#include "amazes/maze_io.hpp"
#include "amazes/starts.hpp"
#include "command.hpp"

namespace amazes::cli {

namespace {

// Maze k of a batch uses seed S+k, so each maze of a batch can be regenerated on its own.
std::string file_name(std::uint64_t seed, std::uint64_t last_seed) {
  const std::size_t width = std::max<std::size_t>(4, std::to_string(last_seed).size());
  std::string digits = std::to_string(seed);
  return "maze-" + std::string(width - digits.size(), '0') + digits + ".maze";
}

// An output path names a single file when it has a maze file extension.
bool names_a_file(const std::filesystem::path& out) { return out.extension() == ".maze" || out.extension() == ".txt"; }

po::options_description generate_options() {
  po::options_description options("Options");
  // clang-format off
  options.add_options()
      ("seed", po::value<std::string>(), "seed of the first maze (default: random, printed on stderr)")
      ("count", po::value<int>()->default_value(1), "number of mazes; maze k uses seed S+k")
      ("size", po::value<int>()->default_value(kDefaultMazeSize), "squares per side, 2..64")
      ("loops", po::value<int>(), "independent loops (default: the density of the official mazes)")
      ("starts", po::bool_switch(), "also write two start lines drawn from the seed (docs/rules.md 3)")
      ("out", po::value<std::string>(), "directory for maze-SEED.maze files, or a FILE.maze/.txt for one maze "
                                        "(default: standard output)");
  // clang-format on
  add_start_options(options);
  return options;
}

// What to generate and where to, as the options ask (the starts given are read per maze).
struct Batch {
  int count = 1;
  GeneratorOptions generator;
  bool with_starts = false;
  std::uint64_t seed = 0;
  std::optional<std::filesystem::path> out;  // nothing: standard output
};

Batch batch_from(const po::variables_map& values) {
  Batch batch;
  batch.count = values["count"].as<int>();
  const int size = values["size"].as<int>();
  if (batch.count < 1) throw UsageError("--count must be at least 1, got " + std::to_string(batch.count));
  if (size < kMinMazeSize || size > kMaxMazeSize) {
    throw UsageError("--size must be from 2 to 64, got " + std::to_string(size));
  }
  batch.generator = GeneratorOptions{.size = size, .loops = -1};
  if (values.count("loops") != 0U) {
    batch.generator.loops = values["loops"].as<int>();
    if (batch.generator.loops < 0) throw UsageError("--loops must not be negative");
  }
  batch.with_starts = values["starts"].as<bool>();
  if (batch.with_starts && (values.count("red-start") != 0U || values.count("blue-start") != 0U)) {
    throw UsageError("--starts draws the starts, --red-start/--blue-start give them: use one or the other");
  }
  if (const auto given = seed_option(values)) {
    batch.seed = *given;
  } else {
    batch.seed = competition::draw_random_seed();
    std::cerr << "seed " << batch.seed << "\n";
  }
  if (values.count("out") != 0U) batch.out = values["out"].as<std::string>();
  if (batch.count > 1 && (!batch.out || names_a_file(*batch.out))) {
    throw UsageError("--count " + std::to_string(batch.count) + " needs --out DIR");
  }
  return batch;
}

}  // namespace

int maze_generate_command(const Args& args) {
  const auto values = parse_options(
      "amazes maze generate [--seed S] [--count K] [--size N] [--loops L]\n"
      "                     [--starts | --red-start R,C,D --blue-start R,C,D] [--out DIR|FILE]",
      generate_options(), {}, args);
  if (!values) return kExitOk;
  const Batch batch = batch_from(*values);
  const auto& out = batch.out;
  const std::uint64_t last_seed = batch.seed + static_cast<std::uint64_t>(batch.count - 1);
  for (int k = 0; k < batch.count; ++k) {
    const std::uint64_t maze_seed = batch.seed + static_cast<std::uint64_t>(k);
    const Maze maze = generate_maze(maze_seed, batch.generator);
    std::optional<Starts> starts = fixed_starts(*values, maze);
    if (batch.with_starts && !starts) starts = draw_starts_for_seed(maze, maze_seed);
    const std::string text = format_maze(maze, starts);
    if (!out) {
      std::cout << text;
    } else if (names_a_file(*out)) {
      files::write_file_atomically(*out, text);
    } else {
      files::write_file_atomically(*out / file_name(maze_seed, last_seed), text);
    }
  }
  if (out && !names_a_file(*out)) {
    std::cerr << "wrote " << batch.count << " maze" << (batch.count == 1 ? "" : "s") << " to " << out->string() << "\n";
  }
  return kExitOk;
}

}  // namespace amazes::cli
