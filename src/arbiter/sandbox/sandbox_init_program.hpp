#pragma once
// The sandbox's init program (src/arbiter/sandbox_init/sandbox_init.c), carried in the judge as
// bytes, as a memory file it can execute: the pid-1 process of the namespaces sandbox becomes
// it once the player runs (namespaces.hpp says why).
namespace amazes::arbiter {

// A read-only, close-on-exec descriptor of it, made on first use and kept; -1 where there is
// none (an architecture it is not built for, no memory files), and then the pid-1 process stays
// a copy of the judge: slower, as safe.
int sandbox_init_program();

}  // namespace amazes::arbiter
