#pragma once
// Players that stop playing (config/README.md, "Excluded and withdrawn players"): a tournament
// may exclude a player whose games keep faulting (`exclude-after N`: N games in a row that
// crashed or timed out), and the organiser may withdraw one (`withdraw = NAME`). Either way the
// player's games not yet stored are not played: each is stored as a forfeit (status `forfeit`,
// no log), which the absent player loses with 0 and its opponent wins (the points of a win
// under match points; under score points a forfeit scores 0 for both, and every opponent meets
// the absent player equally often in a round robin, so it changes no order).
//
// "In a row" is counted in a fixed order of a player's games, never in the order they finished,
// so -j 1 and -j N exclude the same players at the same game: by round, then by the entry
// position of the two players (the lower first), the game in which the player entered first is
// red first. A player is excluded from round R on when its last N games of the rounds before R
// in that order all count; a round's games are handed out only once that is known for both
// players (a healthy player's games wait for nothing). Pure: the scheduler, the Swiss pairing
// and the standings apply it.
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "amazes/competition/match_row.hpp"

namespace amazes::competition {

struct PlayerPolicy {
  int exclude_after = 0;  // 0: nobody is excluded
  std::set<std::string> withdrawn;
  friend bool operator==(const PlayerPolicy&, const PlayerPolicy&) = default;
};

// The store's meta keys: "exclude_after" (a number; absent in older stores: 0) and "withdrawn"
// (names, comma-separated).
inline constexpr const char* kExcludeAfterKey = "exclude_after";
inline constexpr const char* kWithdrawnKey = "withdrawn";
std::string withdrawn_text(const std::set<std::string>& names);
std::set<std::string> withdrawn_from_text(const std::string& text);
class ResultsStore;  // results_store.hpp
// The policy the store's meta holds (none in a store without those keys).
PlayerPolicy stored_policy(const ResultsStore& store);

// What a forfeit's absent side has as its exit: why it did not play.
inline constexpr const char* kExcludedExit = "excluded";
inline constexpr const char* kWithdrawnExit = "withdrawn";
inline constexpr const char* kForfeitStatus = "forfeit";

// Whether side `side` of a stored game was absent (a forfeit it lost without playing).
bool absent_side(const MatchRow& row, int side);
// Whether the side's game counts towards an exclusion: it crashed or timed out, or was absent.
bool counts_towards_exclusion(const MatchRow& row, int side);

enum class Presence { Playing, Excluded, Withdrawn, Unknown };

// Who plays in a round, from the games scheduled and the results known so far.
class PresenceTracker {
 public:
  PresenceTracker(PlayerPolicy policy, const std::vector<std::string>& players);
  // A game of the schedule (stored or not); each once, in any order.
  void scheduled(const std::string& id, int round, const std::string& red, const std::string& blue);
  // A stored game (scheduled before or not).
  void stored(const MatchRow& row);
  // The player's presence in round `round`: Withdrawn, Excluded, Playing, or Unknown while a
  // game that decides it is not stored yet.
  Presence presence(const std::string& player, int round) const;
  const PlayerPolicy& policy() const { return policy_; }

 private:
  using Key = std::tuple<int, int, int, int>;  // round, lower position, higher position, colour order
  struct Game {
    Key key;
    std::string id;
  };
  Key key_of(int round, const std::string& red, const std::string& blue) const;
  PlayerPolicy policy_;
  std::map<std::string, int> position_;
  std::map<std::string, std::vector<Game>> games_;              // by player, in key order
  std::map<std::pair<std::string, std::string>, bool> counts_;  // (id, player) -> counts
};

// The row of a game not played because `absent` (one side's exit each, empty for a side that
// was there) says so: status forfeit, no log, no score.
MatchRow forfeit_row(const std::string& id, int round, const std::string& maze,
                     const std::array<std::string, 2>& players, const std::array<Start, 2>& starts,
                     std::optional<std::uint64_t> seed, const std::array<std::string, 2>& absent,
                     std::string played_at);

// The absent player's exit for a presence (Excluded, Withdrawn), else "".
std::string absence_exit(Presence presence);

// The players absent from round `round` on, each with its absence_exit, from the stored games of
// the rounds before it (a player whose presence is not known yet counts as playing).
std::map<std::string, std::string> absent_players(const PlayerPolicy& policy, const std::vector<std::string>& players,
                                                  const std::vector<MatchRow>& rows, int round);

}  // namespace amazes::competition
