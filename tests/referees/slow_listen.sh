#!/bin/sh
# A test referee that takes its time: writes player 1 its first Amazes turn, thinks for a second,
# then listens, and reports the answer and the time charged. caiaio's clock runs from the listen,
# so a player's budget of less than a second is not spent while the referee thinks.
printf '1 Start\n1 W\n1 W\n1 W\n1 W\n1 8\n'
sleep 1
printf 'I listen 1\nI request_time 1\n'
read -r answer
read -r time
printf 'M report 0 0 %s|%s\n' "$answer" "$time"
