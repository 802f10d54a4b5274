#!/bin/sh
# A test referee (tests/integration/referee_match_test.cpp): gives player 1 one Amazes turn, listens,
# and reports `M report 2 0 won` followed by its arguments but the last (the log file): the words of
# a report's extension (docs/referees.md §6), such as `move_points=163,37 fault=-,illegal@4`.
printf '1 Start\n1 W\n1 W\n1 W\n1 W\n1 8\nI listen 1\n'
read -r answer
words=""
left=$#
for word; do
  left=$((left - 1))
  [ "$left" -gt 0 ] && words="$words $word"
done
printf 'M report 2 0 won%s\n' "$words"
