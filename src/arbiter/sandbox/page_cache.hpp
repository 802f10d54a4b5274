#pragma once
// The machine's page cache, forgotten between games (SandboxSettings::drop_caches). Which pages
// of a file are cached is state that every process that may read the file can set (by reading a
// page) and probe (a read's time, or its major-fault count): a bot can leave a pattern there for
// its own later game. Dropping the clean page cache before a game wipes it.
#include <string>

namespace amazes::arbiter {

// Writes back what is dirty and drops the clean page cache of the whole machine (as root: writes
// 1 to /proc/sys/vm/drop_caches). "" or why it could not.
std::string drop_page_cache();

}  // namespace amazes::arbiter
