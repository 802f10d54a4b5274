#!/bin/sh
# A test referee for players run once per move (tests/integration/move_players_test.cpp): three
# rounds, or ROUNDS (`per_move_rounds.sh [ROUNDS] LOG`); in each, each player gets two lines
# (`round R` and `you are N`) and is listened to once. It reports every answer in order:
# `M report 0 0 A1|B1|A2|B2|A3|B3`, and the same to its log file.
rounds=3
[ $# -gt 1 ] && rounds=$1
for log; do :; done
answers=
round=0
while [ "$round" -lt "$rounds" ]; do
  round=$((round + 1))
  for player in 1 2; do
    printf '%s round %s\n%s you are %s\nI listen %s\n' "$player" "$round" "$player" "$player" "$player"
    read -r answer
    answers="$answers${answers:+|}$answer"
  done
done
printf '%s\n' "$answers" > "$log"
printf 'M report 0 0 %s\n' "$answers"
