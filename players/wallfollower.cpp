// Sample bot "wallfollower": the left-hand rule. Keep a hand on the wall to the left: turn left
// when the left is open, else go ahead, else turn right, else turn back.
//
// Each turn it follows the rule for as long as the view of this turn tells which edges the
// next square has: straight ahead along the corridor it sees, and at most one turn at the end
// (the square around a corner is not described by this turn's view). At most kMaxSteps steps,
// because every letter costs a point.
#include <string>

#include "protocol.hpp"

namespace {

constexpr int kMaxSteps = 4;

// The four edges of a square relative to the way the bot faces: open or not.
struct Edges {
  bool ahead, right, behind, left;
};

char left_hand_rule(const Edges& e) {
  if (e.left) return 'L';
  if (e.ahead) return 'F';
  if (e.right) return 'R';
  return 'T';
}

std::string plan(const amazes_bot::TurnInput& in) {
  const std::string& ahead = in.corridors[0];
  Edges here{ahead[0] != 'W', in.corridors[1][0] != 'W', in.corridors[2][0] != 'W', in.corridors[3][0] != 'W'};
  std::string line;
  // k = how far along the ahead corridor we are; ahead[k] describes square k+1.
  for (std::size_t k = 0; static_cast<int>(line.size()) < kMaxSteps; ++k) {
    const char step = left_hand_rule(here);
    line += step;
    if (step != 'F') break;  // around a corner or back: the next square is not in this view
    // Now on square k+1 of the ahead corridor, still facing the same way.
    const char sides = ahead[k];
    here = Edges{ahead[k + 1] != 'W', sides == 'R' || sides == 'B', true, sides == 'L' || sides == 'B'};
  }
  return line;
}

}  // namespace

int main() {
  amazes_bot::init_io();
  amazes_bot::TurnInput turn;
  for (int t = 1; t <= amazes_bot::kTurns; ++t) {
    if (!amazes_bot::read_turn(turn)) return 0;
    amazes_bot::write_move(plan(turn));
  }
  return 0;
}
