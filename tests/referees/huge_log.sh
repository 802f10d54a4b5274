#!/bin/sh
# A test referee whose own log runs on far beyond any game's: it fills its log (caiaio's argument,
# its last) until the judge's file size limit refuses more, and goes on after the refusal; then it
# plays the More game of seed $2 as the judge's own referee, writing that referee's log nowhere.
# Its first argument is the judge's program.
judge="$1"
seed="$2"
log="$3"
yes 'the referee goes on and on about this game' | head -c 40000000 >"$log"
exec "$judge" referee more --seed "$seed" /dev/null
