#include "amazes/view.hpp"

namespace amazes {

Corridor look_along(const Maze& maze, Square from, Direction d) {
  Corridor corridor;
  corridor.direction = d;
  const Direction left = turn_left(d);
  const Direction right = turn_right(d);
  Square s = from;
  int k = 0;
  // The outer boundary is all walls, so the walk stops inside the maze.
  while (maze.is_open(s, d)) {
    s = step(s, d);
    corridor.letters[k++] = side_letter(maze.is_open(s, left), maze.is_open(s, right));
  }
  corridor.letters[k] = kEndWall;
  corridor.length = k;
  return corridor;
}

View compute_view(const Maze& maze, Start self, Square opponent) {
  View view;
  for (const Relative r : kCorridorOrder) {
    view.corridors[static_cast<int>(r)] = look_along(maze, self.square, absolute_direction(self.facing, r));
  }
  view.distance2 = squared_distance(self.square, opponent);
  return view;
}

}  // namespace amazes
