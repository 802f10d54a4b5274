#pragma once
// A path resolved the way the kernel resolves it (path_resolution(7)): component by component,
// following every symbolic link where it is met (a ".." after a link goes up from where the link
// led, not from where it was written), at most 40 links. What the sandbox binds is decided on
// the result, never on the path's text: `bots/x/s1/../../bin/py` is wherever s1 leads, then two
// folders up from there.
//
// The walk also records its way: the folders it passed through and the links it followed. A
// sandbox that reproduces them (empty folders, the same links) resolves the same text to the
// same file, and shows nothing the judge did not bind.
#include <filesystem>
#include <string>
#include <vector>

namespace amazes::arbiter {

struct WayLink {
  std::filesystem::path at;      // where the link is (a resolved path)
  std::filesystem::path target;  // what it says, as written
  friend bool operator==(const WayLink&, const WayLink&) = default;
};

struct ResolvedPath {
  std::filesystem::path real;                  // the file or folder the path names
  std::vector<std::filesystem::path> folders;  // every folder passed through on the way, resolved
  std::vector<WayLink> links;                  // every link followed, in order
  std::string error;                           // why it does not resolve; empty when it does
  bool ok() const { return error.empty(); }
};

// Resolves `path` (absolute, or relative to `cwd`, which must be absolute and resolved). On a
// failure `error` names the part of the path at fault: "bots/x/s1: no such file or folder",
// "…: too many levels of links", "…: not a folder".
ResolvedPath resolve_path(const std::filesystem::path& path, const std::filesystem::path& cwd);

}  // namespace amazes::arbiter
