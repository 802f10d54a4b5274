// zstd-compressed text as the match logs use it: round trips, recognition by content, and the
// refusals that keep a reader bounded (a bomb, a cut file, trailing bytes).
#include "amazes/files/zstd_text.hpp"

#include <gtest/gtest.h>

#include <string>

#include "amazes/files/text_file.hpp"
#include "support/files.hpp"

namespace amazes {
namespace AMAZES_FILE_NAMESPACE {

using files::FileError;

std::string some_log_text() {
  std::string text = "{\n  \"format\": \"amazes-match/1\",\n  \"turns\": [";
  for (int i = 0; i < 600; ++i) text += "\n    {\"turn\": " + std::to_string(i) + ", \"output\": \"FFLR\"},";
  return text + "\n  ]\n}\n";
}

// The message of the FileError that `f` throws; fails the test when it throws none.
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no FileError";
  return "";
}

TEST(ZstdText, ARoundTripGivesTheTextBackAndIsRecognisedByItsMagic) {
  const std::string text = some_log_text();
  const std::string packed = files::zstd_compress(text);
  EXPECT_TRUE(files::is_zstd(packed));
  EXPECT_FALSE(files::is_zstd(text));
  EXPECT_FALSE(files::is_zstd("\x28\xB5\x2F"));  // too short to be a frame
  EXPECT_LT(packed.size() * 5, text.size()) << "a log compresses well";
  EXPECT_TRUE(files::zstd_frames_complete(packed));
  EXPECT_EQ(files::zstd_decompress(packed, text.size(), "log.json.zst"), text);
  // Two frames one after the other are one text, as `cat a.zst b.zst` gives.
  EXPECT_EQ(files::zstd_decompress(packed + files::zstd_compress("more\n"), 1U << 20, "x"), text + "more\n");
  EXPECT_EQ(files::zstd_decompress(files::zstd_compress(""), 10, "empty"), "");
}

TEST(ZstdText, ABombIsRefusedAtTheBoundWithoutExpandingFurther) {
  // 32 MiB of zeros pack into about a kilobyte; the reader stops past its bound of 4 MiB (the
  // frame's window, 2 MiB at zstd's level 3, is within it: the text's length is what stops).
  const std::string bomb = files::zstd_compress(std::string(32U << 20, '\0'));
  ASSERT_LT(bomb.size(), 8U << 10);
  EXPECT_EQ(
      error_of([&] { files::zstd_decompress(bomb, 4U << 20, "bomb.json.zst"); }),
      "bomb.json.zst: more than 4194304 bytes once decompressed, the most this file may hold (docs/formats.md §9)");
}

// A frame's header says how much window memory the decoder must hold before any text comes
// out: a 9-byte file may ask for 64 MiB. The reader grants no more than its text bound.
TEST(ZstdText, AFrameAskingForAWindowBeyondTheBoundIsRefusedBeforeAllocatingIt) {
  // Magic, a frame header descriptor with no size and no checksum, a window descriptor of
  // 2^(10+16) bytes, then one empty last raw block.
  const std::string greedy("\x28\xB5\x2F\xFD\x00\x80\x01\x00\x00", 9);
  EXPECT_EQ(files::zstd_decompress(greedy, 64U << 20, "fine.json.zst"), "") << "within a 64 MiB bound";
  EXPECT_EQ(error_of([&] { files::zstd_decompress(greedy, 1U << 20, "greedy.json.zst"); }),
            "greedy.json.zst: a zstd frame asks for a window of more than 1048576 bytes, beyond what this file "
            "may hold (docs/formats.md §9)");
}

TEST(ZstdText, ACutOrCorruptFileIsOneLineNamingIt) {
  const std::string packed = files::zstd_compress(some_log_text());
  const std::string cut = packed.substr(0, packed.size() / 2);
  EXPECT_FALSE(files::zstd_frames_complete(cut));
  EXPECT_EQ(error_of([&] { files::zstd_decompress(cut, 1U << 20, "cut.json.zst"); }),
            "cut.json.zst: not a valid zstd file: it ends in the middle of a frame");

  std::string flipped = packed;
  flipped[flipped.size() - 2] = static_cast<char>(flipped[flipped.size() - 2] ^ 0x55);  // in the checksum
  const std::string corrupt = error_of([&] { files::zstd_decompress(flipped, 1U << 20, "bad.json.zst"); });
  EXPECT_EQ(corrupt.rfind("bad.json.zst: not a valid zstd file: ", 0), 0U) << corrupt;

  EXPECT_FALSE(files::zstd_frames_complete(packed + "junk"));
  const std::string trailing = error_of([&] { files::zstd_decompress(packed + "junk", 1U << 20, "t.json.zst"); });
  EXPECT_EQ(trailing.rfind("t.json.zst: not a valid zstd file: ", 0), 0U) << trailing;
  EXPECT_EQ(trailing.find('\n'), std::string::npos);
}

TEST(ZstdText, AFileIsReadPlainOrCompressedByContentNotByName) {
  testing::ScratchDir dir("zstd-text");
  const std::string text = some_log_text();
  testing::write_file(dir.path() / "plain.json.zst", text);  // a misleading name
  testing::write_file(dir.path() / "packed.json", files::zstd_compress(text));
  EXPECT_EQ(files::read_text_maybe_compressed(dir.path() / "plain.json.zst", 1U << 20), text);
  EXPECT_EQ(files::read_text_maybe_compressed(dir.path() / "packed.json", 1U << 20), text);
  // The bound holds for the text, not only for the file.
  const std::string too_long =
      error_of([&] { files::read_text_maybe_compressed(dir.path() / "packed.json", text.size() - 1); });
  EXPECT_NE(too_long.find("once decompressed"), std::string::npos) << too_long;
}

}  // namespace AMAZES_FILE_NAMESPACE
}  // namespace amazes
