#pragma once
// A contest's name (`--name`, config `name = …`): it titles the site's pages, the terminal output
// and the standings files, so it must be one visible line.
#include <optional>
#include <string>
#include <string_view>

namespace amazes::competition {

// The store's meta key that keeps it.
inline constexpr std::string_view kContestNameKey = "name";
inline constexpr std::size_t kMaxContestNameBytes = 100;

// Why `name` cannot be a contest's name, or nothing when it can: 1 to 100 bytes of printable
// ASCII (spaces inside) and visible UTF-8 characters, no blank at either end.
std::optional<std::string> contest_name_error(std::string_view name);

// "NAME: what" for a titled contest, `what` for one without a name.
std::string titled(std::string_view name, std::string_view what);

}  // namespace amazes::competition
