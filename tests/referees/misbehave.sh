#!/bin/sh
# A test referee that breaks caiaio's protocol in the way its first argument says, after one
# proper listen of player 1: hang (writes nothing more), segv (kills itself with SIGSEGV),
# malformed (`I listen one`), unknown (a first word caiaio does not know), player3 (`3 Quit`),
# listen3 (`I listen 3`), score (reports 25 for player 1), nan (reports `x` for player 2),
# value (a value for one player only), noreport (exits without a report), lateexit (reports, then
# lingers).
printf '1 Start\n1 W\n1 W\n1 W\n1 W\n1 8\nI listen 1\n'
read -r answer
case "$1" in
  hang) exec sleep 1000 ;;
  segv) kill -SEGV $$ ;;
  malformed) printf 'I listen one\n' ;;
  unknown) printf 'X hello\n' ;;
  player3) printf '3 Quit\n' ;;
  listen3) printf 'I listen 3\n' ;;
  score) printf 'M report 25 0 too_high\n' ;;
  nan) printf 'M report 20 x not_a_number\n' ;;
  value) printf 'M report 20 0 won move_points=163\n' ;;
  noreport) exit 3 ;;
  lateexit) printf 'M report 20 0 fine\n'; exec sleep 1000 ;;
esac
read -r anything
exit 0
