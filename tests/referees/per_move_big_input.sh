#!/bin/sh
# A test referee for players run once per move (tests/integration/move_players_test.cpp): two
# rounds as per_move_rounds.sh plays them, but in the second each player gets 70 more lines of
# 4,000 bytes, an input of 280 kB: more than the room the judge keeps for an input in a player's
# folder (move_folder.hpp). It reports every answer in order: `M report 0 0 A1|B1|A2|B2`.
for log; do :; done
big=$(printf '%04000d' 0)
answers=
for round in 1 2; do
  for player in 1 2; do
    printf '%s round %s\n%s you are %s\n' "$player" "$round" "$player" "$player"
    if [ "$round" = 2 ]; then
      i=0
      while [ "$i" -lt 70 ]; do
        printf '%s %s\n' "$player" "$big"
        i=$((i + 1))
      done
    fi
    printf 'I listen %s\n' "$player"
    read -r answer
    answers="$answers${answers:+|}$answer"
  done
done
printf '%s\n' "$answers" > "$log"
printf 'M report 0 0 %s\n' "$answers"
