#!/bin/sh
# The referee of the test game tests/games/strength.ini, a simulated field: each player states its
# strength in Elo, and the referee draws the game from the Bradley-Terry model with draws
# (Davidson's: with π = 10^(elo/400), the stronger wins with probability πs / (πs + πw + ν√(πs πw)),
# draws with ν√(πs πw) / (…), ν = 0.13: 6 % draws between equals). The draw is made for the
# stronger player from the seed alone, so the two colour-swapped games of a pairing (one seed) end
# the same way for it: a pairing is one draw of the model. Scores: 2 a win, 1 a draw, 0 a loss.
# A strength that is no number is as weak as can be. Arguments: the seed, then the log file.
# The shell talks to the judge line by line (awk would wait to fill its input buffer); awk computes.
printf '1 Strength\nI listen 1\n'
read -r first || exit 1
printf '2 Strength\nI listen 2\n'
read -r second || exit 1
awk -v seed="$1" -v first="$first" -v second="$second" '
function unit() { state = (state * 48271) % 2147483647; return state / 2147483647 }
function strength(line) { return line ~ /^-?[0-9]+(\.[0-9]+)?$/ ? line + 0 : -100000 }
BEGIN {
  # The last nine digits of the seed (the judge draws seeds from a hash: they are as random).
  tail = length(seed) > 9 ? substr(seed, length(seed) - 8) : seed
  state = (tail + 0) % 2147483646 + 1
  for (k = 0; k < 8; ++k) unit()
  a = strength(first); b = strength(second)
  stronger = a >= b ? a : b; weaker = a >= b ? b : a
  ps = exp(log(10) * (stronger - weaker) / 400); draw = 0.13 * sqrt(ps)
  u = unit() * (ps + 1 + draw)
  s = u < ps ? 2 : u < ps + draw ? 1 : 0
  one = a >= b ? s : 2 - s
  printf "M report %d %d %s\n", one, 2 - one, s == 2 ? "the_stronger_won" : s == 1 ? "drawn" : "the_weaker_won"
}'
