#pragma once
// zstd-compressed text (match logs in tournaments and versus runs, `.json.zst`): compressing,
// recognising by content and decompressing with a bound, so that a small file that expands
// without end (a "zstd bomb") is refused like a file that is too large.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace amazes::files {

// True when `bytes` start with the magic number of a zstd frame (28 B5 2F FD): what the readers
// go by, not the file's name.
bool is_zstd(std::string_view bytes);

// True when `bytes` are one or more complete zstd frames and nothing else: a file cut short is
// not. Walks the frames' block headers without decompressing.
bool zstd_frames_complete(std::string_view bytes);

// One zstd frame holding `text`, with its size and a checksum in the frame header.
std::string zstd_compress(std::string_view text);

// The text of the zstd frames in `compressed` (read from `path`, named in errors). Throws
// FileError "PATH: …" for bytes that are not complete zstd frames (cut, corrupt, a failed
// checksum) and for text longer than `max_bytes`, without holding more than that in memory.
std::string zstd_decompress(std::string_view compressed, std::uintmax_t max_bytes, const std::filesystem::path& path);

// The whole of a regular file as read_text_file reads it, decompressed when it is zstd: at
// most `max_bytes` read and at most `max_bytes` of text.
std::string read_text_maybe_compressed(const std::filesystem::path& path, std::uintmax_t max_bytes);

}  // namespace amazes::files
