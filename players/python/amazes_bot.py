#!/usr/bin/env python3
"""A sample Amazes player in Python: a wall follower with a little memory.

The protocol, one turn at a time:
  the judge writes "Start" (only on red's very first turn), then five lines: the corridors
  ahead, right, behind and left (letters B/L/R/N per square, ending in W) and the squared
  distance to the opponent. The first line may be "Quit" instead: then exit at once.
  The player answers with one line of 1..256 letters from F, T, L, R and flushes it.
  After its 150th turn the player exits by itself, without waiting for "Quit".

Strategy: one step per turn (every letter costs a point, and each turn costs at least one).
The bot remembers the squares it has stood on, in its own frame (it never learns where it is
in the maze, nor which way is north). It steps towards an open neighbour it has not visited,
preferring left, then ahead, then right; when all were visited it follows the left-hand rule.
"""
import sys

TURNS = 150
# Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
STEP = [(-1, 0), (0, 1), (1, 0), (0, -1)]
# Relative to the way the bot faces: the letter and the turn (in quarter turns, clockwise).
LEFT, AHEAD, RIGHT, BACK = ("L", 3), ("F", 0), ("R", 1), ("T", 2)


def read_line():
    """One input line without its line end, or None at the end of input."""
    line = sys.stdin.readline()
    if not line:
        return None
    return line.rstrip("\r\n")


def read_turn():
    """The four corridor lines and the distance of one turn, or None when the game is over."""
    line = read_line()
    if line is None or line == "Quit":
        return None
    if line == "Start":  # we are red; the corridors follow
        line = read_line()
    lines = [line]
    for _ in range(4):
        lines.append(read_line())
    if any(x is None for x in lines):
        return None
    ahead, right, behind, left, distance = lines
    return {"F": ahead, "R": right, "T": behind, "L": left}, int(distance)


def main():
    row, col, facing = 0, 0, 0
    visited = {(row, col)}
    for _turn in range(TURNS):
        turn = read_turn()
        if turn is None:
            return
        corridors, _distance = turn
        # An edge of our square is open when its corridor does not start with a wall.
        options = [(letter, quarter) for letter, quarter in (LEFT, AHEAD, RIGHT, BACK)
                   if not corridors[letter].startswith("W")]

        def neighbour(quarter):
            d = (facing + quarter) % 4
            return (row + STEP[d][0], col + STEP[d][1])

        fresh = [o for o in options if neighbour(o[1]) not in visited]
        letter, quarter = (fresh or options)[0]  # never empty: the edge behind is open

        sys.stdout.write(letter + "\n")
        sys.stdout.flush()  # the judge waits for the whole line

        # The step goes through an open edge, so it happens: we know where we are.
        row, col = neighbour(quarter)
        facing = (facing + quarter) % 4
        visited.add((row, col))


if __name__ == "__main__":
    main()
