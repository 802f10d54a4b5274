#!/bin/sh
# A More referee that fails some games: given the game's seed and the judge's program, it hangs
# on seeds ending in 1 or 3, dies of SIGSEGV on seeds ending in 5, and referees the others as
# `amazes referee more --seed SEED` does (its log file, caiaio's argument, last).
seed=$1
amazes=$2
case $seed in
  *[13]) exec sleep 1000 ;;
  *5) kill -SEGV $$ ;;
esac
exec "$amazes" referee more --seed "$seed" "$3"
