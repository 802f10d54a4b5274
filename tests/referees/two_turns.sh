#!/bin/sh
# A test referee (tests/integration/referee_match_test.cpp): gives player 1 two Amazes turns (the
# lines of docs/rules.md §4.1: `Start` first, then four corridors and a distance), listens after
# each, and reports what each listen answered, and player 1's time: `M report 0 0 FIRST|SECOND|MS`.
# Its log file (the last argument) gets the same.
for log; do :; done
printf '1 Start\n1 W\n1 W\n1 W\n1 W\n1 8\nI listen 1\n'
read -r first
printf '1 W\n1 W\n1 W\n1 W\n1 8\nI listen 1\n'
read -r second
printf 'I request_time 1\n'
read -r time
printf '%s|%s|%s\n' "$first" "$second" "$time" > "$log"
printf 'M report 0 0 %s|%s|%s\n' "$first" "$second" "$time"
