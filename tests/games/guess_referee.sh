#!/bin/sh
# The referee of the test game tests/games/guess.ini, a Caia referee: three rounds, in each of
# which both players guess a digit; the nearer to the round's digit (the seed's last three digits,
# one a round) scores a point, both on a tie but for the third round, which nobody scores on a tie.
# An answer that is no digit is as far as can be. Arguments: the seed, then the log file.
seed=$1
padded=000$seed
digits=${padded#"${padded%???}"}
one=0
two=0
for round in 1 2 3; do
  target=$(printf '%s' "$digits" | cut -c"$round")
  printf '1 Guess %s\nI listen 1\n' "$round"
  read -r first
  printf '2 Guess %s\nI listen 2\n' "$round"
  read -r second
  distance() {
    case $1 in
      [0-9]) d=$(($1 - target)); [ "$d" -lt 0 ] && d=$((-d)); echo "$d" ;;
      *) echo 10 ;;
    esac
  }
  a=$(distance "$first")
  b=$(distance "$second")
  if [ "$a" -lt "$b" ]; then one=$((one + 1)); elif [ "$b" -lt "$a" ]; then two=$((two + 1)); elif [ "$round" -lt 3 ]; then one=$((one + 1)); two=$((two + 1)); fi
done
printf 'M report %s %s guessed\n' "$one" "$two"
