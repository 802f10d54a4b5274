#include "amazes/files/zstd_text.hpp"

#include <zstd.h>
#include <zstd_errors.h>

#include <memory>

#include "amazes/files/text_file.hpp"

namespace amazes::files {

namespace {

// Level 3 (zstd's default): a 300-turn log compresses about tenfold at a fraction of a
// millisecond; higher levels gain a few per cent for several times the time
// (BM_MatchLogWrite in tests/bench/log_bench.cpp).
constexpr int kLevel = 3;

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw FileError(path.string() + ": " + what);
}

struct FreeDStream {
  void operator()(ZSTD_DStream* stream) const { ZSTD_freeDStream(stream); }
};

}  // namespace

bool is_zstd(std::string_view bytes) {
  return bytes.size() >= 4 && static_cast<unsigned char>(bytes[0]) == 0x28 &&
         static_cast<unsigned char>(bytes[1]) == 0xB5 && static_cast<unsigned char>(bytes[2]) == 0x2F &&
         static_cast<unsigned char>(bytes[3]) == 0xFD;
}

bool zstd_frames_complete(std::string_view bytes) {
  if (bytes.empty()) return false;
  while (!bytes.empty()) {
    const std::size_t frame = ZSTD_findFrameCompressedSize(bytes.data(), bytes.size());
    if (ZSTD_isError(frame) != 0U || frame > bytes.size()) return false;
    bytes.remove_prefix(frame);
  }
  return true;
}

std::string zstd_compress(std::string_view text) {
  std::unique_ptr<ZSTD_CCtx, size_t (*)(ZSTD_CCtx*)> context(ZSTD_createCCtx(), ZSTD_freeCCtx);
  if (!context) throw std::bad_alloc();
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_compressionLevel, kLevel);
  ZSTD_CCtx_setParameter(context.get(), ZSTD_c_checksumFlag, 1);
  std::string out(ZSTD_compressBound(text.size()), '\0');
  const size_t size = ZSTD_compress2(context.get(), out.data(), out.size(), text.data(), text.size());
  // Only a lack of memory can fail here: the output buffer is large enough by construction.
  if (ZSTD_isError(size) != 0U) throw std::runtime_error(std::string("zstd: ") + ZSTD_getErrorName(size));
  out.resize(size);
  return out;
}

std::string zstd_decompress(std::string_view compressed, std::uintmax_t max_bytes, const std::filesystem::path& path) {
  // A stream, not ZSTD_decompress with the frame's declared size: that size is the file's word,
  // and the bound must hold whatever the header says.
  std::unique_ptr<ZSTD_DStream, FreeDStream> stream(ZSTD_createDStream());
  if (!stream) throw std::bad_alloc();
  // The window is memory the frame header asks for before any byte comes out: no more than
  // the text may hold (rounded up to a power of two, within zstd's range), so a tiny file
  // cannot ask for 2 GiB.
  int window_log = 10;  // ZSTD_WINDOWLOG_ABSOLUTEMIN, the least a frame may declare
  while (window_log < 27 && (std::uintmax_t{1} << window_log) < max_bytes) ++window_log;
  ZSTD_DCtx_setParameter(stream.get(), ZSTD_d_windowLogMax, window_log);
  std::string text;
  ZSTD_inBuffer in{compressed.data(), compressed.size(), 0};
  std::size_t left_of_frame = 0;  // ZSTD_decompressStream's answer: 0 once a frame is whole
  for (;;) {
    const std::size_t had = text.size();
    text.resize(had + ZSTD_DStreamOutSize());
    ZSTD_outBuffer out{text.data() + had, text.size() - had, 0};
    left_of_frame = ZSTD_decompressStream(stream.get(), &out, &in);
    text.resize(had + out.pos);
    if (ZSTD_getErrorCode(left_of_frame) == ZSTD_error_frameParameter_windowTooLarge) {
      fail(path, "a zstd frame asks for a window of more than " + std::to_string(std::uintmax_t{1} << window_log) +
                     " bytes, beyond what this file may hold (docs/formats.md §9)");
    }
    if (ZSTD_isError(left_of_frame) != 0U) {
      fail(path, std::string("not a valid zstd file: ") + ZSTD_getErrorName(left_of_frame));
    }
    if (text.size() > max_bytes) {
      fail(path, "more than " + std::to_string(max_bytes) +
                     " bytes once decompressed, the most this file may hold (docs/formats.md §9)");
    }
    // All input read and the output not full: everything decodable is out.
    if (in.pos == in.size && out.pos < out.size) break;
  }
  if (left_of_frame != 0) fail(path, "not a valid zstd file: it ends in the middle of a frame");
  return text;
}

std::string read_text_maybe_compressed(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  std::string bytes = read_text_file(path, max_bytes);
  if (!is_zstd(bytes)) return bytes;
  return zstd_decompress(bytes, max_bytes, path);
}

}  // namespace amazes::files
