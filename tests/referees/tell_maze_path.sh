#!/bin/sh
# A test referee (tests/integration/referee_sandbox_test.cpp): tells player 1 where its {maze} file
# is (its first argument), listens once and reports the answer. The log file comes last.
printf '1 %s\n' "$1"
printf 'I listen 1\n'
read -r answer
printf 'M report 0 0 %s\n' "$answer"
