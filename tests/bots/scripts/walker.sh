#!/bin/sh
# The polite bot's moves in POSIX sh: forward unless a wall is ahead, then turn around. For the
# tests of the runtimes under the sandbox's filter (tests/integration/sandbox_channels_test.cpp).
while IFS= read -r line; do
  [ "$line" = Quit ] && exit 0
  if [ "$line" = Start ]; then IFS= read -r line; fi
  ahead=$line
  for _ in 1 2 3 4; do IFS= read -r line; done
  if [ "$ahead" = W ]; then echo T; else echo F; fi
done
