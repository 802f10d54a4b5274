// The roles' table (docs/lamistra-rules.md §2).
#include "amazes/lamistra/role.hpp"

namespace amazes::lamistra {
namespace {

struct RoleFacts {
  char letter;
  std::string_view name;
  int count;
  int rank;  // 0: does not move
};

constexpr RoleFacts facts(Role role) {
  switch (role) {
    case Role::Flag: return {'V', "flag", 1, 0};
    case Role::Bomb: return {'B', "bomb", 4, 0};
    case Role::General: return {'G', "general", 1, 1};
    case Role::Colonel: return {'O', "colonel", 2, 2};
    case Role::Lieutenant: return {'L', "lieutenant", 3, 3};
    case Role::Miner: return {'M', "miner", 4, 4};
    case Role::Rider: return {'R', "rider", 5, 5};
    case Role::Spy: return {'S', "spy", 1, 6};
  }
  return {'?', "?", 0, 0};
}

}  // namespace

char role_letter(Role role) { return facts(role).letter; }
std::string_view role_name(Role role) { return facts(role).name; }
int role_count(Role role) { return facts(role).count; }
bool is_moving_role(Role role) { return facts(role).rank != 0; }
int role_rank(Role role) { return facts(role).rank; }

std::optional<Role> parse_role(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  for (const Role role : kAllRoles) {
    if (role_letter(role) == text[0]) return role;
  }
  return std::nullopt;
}

}  // namespace amazes::lamistra
