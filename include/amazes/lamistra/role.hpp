#pragma once
// The roles a Lamistra piece can be given (docs/lamistra-rules.md §2): how many of each a side
// has, their rank and their letter in the protocol. A piece has no role until it attacks or is
// attacked; the roles a side gives out must fit a setup of these 21.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace amazes::lamistra {

enum class Role : std::uint8_t { Flag, Bomb, General, Colonel, Lieutenant, Miner, Rider, Spy };
inline constexpr std::array kAllRoles = {Role::Flag,       Role::Bomb,  Role::General, Role::Colonel,
                                         Role::Lieutenant, Role::Miner, Role::Rider,   Role::Spy};

inline constexpr int kPiecesPerSide = 21;
// Pieces of the roles that move (all but the flag and the four bombs): at most this many
// pieces of a side can ever move.
inline constexpr int kMovingPieces = 16;

char role_letter(Role role);            // V B G O L M R S (the Dutch initials of the seed)
std::string_view role_name(Role role);  // "flag", "bomb", "general", …
int role_count(Role role);              // pieces of a side with this role: 1, 4, 1, 2, 3, 4, 5, 1
bool is_moving_role(Role role);         // all but the flag and the bomb
int role_rank(Role role);               // 1 (general) .. 6 (spy); 0 for the flag and the bomb
// One capital letter of role_letter's; nothing for anything else.
std::optional<Role> parse_role(std::string_view text);

}  // namespace amazes::lamistra
