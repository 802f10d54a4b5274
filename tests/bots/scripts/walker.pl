#!/usr/bin/perl
# The polite bot's moves in Perl: forward unless a wall is ahead, then turn around. For the
# tests of the runtimes under the sandbox's filter (tests/integration/sandbox_channels_test.cpp).
use strict;
use warnings;
$| = 1;
while (defined(my $line = <STDIN>)) {
  chomp $line;
  last if $line eq 'Quit';
  if ($line eq 'Start') { $line = <STDIN>; chomp $line; }
  my $ahead = $line;
  for (1 .. 4) { my $ignored = <STDIN>; }
  print $ahead eq 'W' ? "T\n" : "F\n";
}
