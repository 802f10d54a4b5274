// A starter Amazes bot in JavaScript for Node (standard library only): keeps a map of what it has
// seen and walks to the nearest square with an edge it knows nothing about. The starter bots of
// every language play this same strategy (players/README.md, "Starter bots in every language").
//
// Protocol (docs/rules.md §4, §5): each turn, "Start" on red's first turn only, then the
// corridors ahead, right, behind and left (a letter per square: B both side edges open, L left,
// R right, N neither, relative to the corridor's direction; W the wall that ends it) and the
// squared distance to the opponent. "Quit" or the end of input ends the program. The answer is
// one line of F/L/R/T letters, flushed. After its 150th turn the bot exits by itself.
'use strict';
const readline = require('readline');

const TURNS = 150;
const MAX_LETTERS = 8;
// Mazes up to 64×64: every square lies within 63 of the start, its edges within 64.
const SIZE = 131;
const ORIGIN = 65;
const UNKNOWN = 0, OPEN = 1, WALL = 2;
// Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
const DR = [-1, 0, 1, 0];
const DC = [0, 1, 0, -1];
const LETTER = 'FRTL'; // a turn of 0..3 quarters clockwise

const edge = new Uint8Array(SIZE * SIZE * 4); // (r * SIZE + c) * 4 + d
const seen = new Uint8Array(SIZE * SIZE);
let row = ORIGIN, col = ORIGIN, facing = 0;

// Records an edge from both of its squares.
function setEdge(r, c, d, state) {
  edge[(r * SIZE + c) * 4 + d] = state;
  edge[((r + DR[d]) * SIZE + c + DC[d]) * 4 + (d + 2) % 4] = state;
}

// Walks one corridor line, seen from our square looking in direction d.
function recordCorridor(line, d) {
  let r = row, c = col;
  for (const letter of line) {
    if (letter === 'W') {
      setEdge(r, c, d, WALL);
      return;
    }
    setEdge(r, c, d, OPEN);
    r += DR[d];
    c += DC[d];
    seen[r * SIZE + c] = 1;
    const sides = [[(d + 3) % 4, letter === 'B' || letter === 'L'], [(d + 1) % 4, letter === 'B' || letter === 'R']];
    for (const [side, open] of sides) {
      setEdge(r, c, side, open ? OPEN : WALL);
      if (open) seen[(r + DR[side]) * SIZE + c + DC[side]] = 1;
    }
  }
}

function unexplored(r, c) {
  if (!seen[r * SIZE + c]) return true;
  for (let d = 0; d < 4; ++d) {
    if (edge[(r * SIZE + c) * 4 + d] === UNKNOWN) return true;
  }
  return false;
}

// The directions of the shortest walk over known openings to the nearest unexplored square
// (breadth first, directions in order 0..3); empty when there is none.
function plan() {
  const from = new Int8Array(SIZE * SIZE).fill(-1); // the direction we came in by
  const queue = [[row, col]];
  from[row * SIZE + col] = 4;
  for (let head = 0; head < queue.length; ++head) {
    let [r, c] = queue[head];
    if ((r !== row || c !== col) && unexplored(r, c)) {
      const path = [];
      while (r !== row || c !== col) {
        const d = from[r * SIZE + c];
        path.unshift(d);
        r -= DR[d];
        c -= DC[d];
      }
      return path;
    }
    for (let d = 0; d < 4; ++d) {
      const nr = r + DR[d], nc = c + DC[d];
      if (edge[(r * SIZE + c) * 4 + d] !== OPEN || from[nr * SIZE + nc] !== -1) continue;
      from[nr * SIZE + nc] = d;
      queue.push([nr, nc]);
    }
  }
  return [];
}

// One turn: records what the bot sees and returns the move line.
function play(corridors) {
  seen[row * SIZE + col] = 1;
  corridors.forEach((line, i) => recordCorridor(line, (facing + i) % 4)); // ahead, right, behind, left

  let path = plan();
  for (let i = 0; i < 4 && path.length === 0; ++i) { // all explored: one step through any opening
    const d = (facing + i) % 4;
    if (edge[(row * SIZE + col) * 4 + d] === OPEN) path.push(d);
  }
  path = path.slice(0, MAX_LETTERS);

  let move = '';
  const startRow = row, startCol = col;
  for (const d of path) { // every step goes through a known opening, so it happens
    move += LETTER[(d - facing + 4) % 4];
    facing = d;
    row += DR[d];
    col += DC[d];
  }
  if (row === startRow && col === startCol) { // the judge's free T (rules §4.2)
    facing = (facing + 2) % 4;
    row += DR[facing];
    col += DC[facing];
  }
  return move;
}

async function main() {
  // crlfDelay Infinity: "\r\n" is always one line end, never two.
  const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity})[Symbol.asyncIterator]();
  const next = async () => {
    const {value, done} = await lines.next();
    return done ? null : value;
  };
  for (let turn = 1; turn <= TURNS; ++turn) {
    let line = await next();
    if (line === null || line === 'Quit') break;
    if (line === 'Start') line = await next();
    const turnLines = [line];
    while (turnLines.length < 5) turnLines.push(await next());
    if (turnLines.includes(null)) break;
    const corridors = turnLines.slice(0, 4); // the fifth line, the squared distance, is not used
    const bad = corridors.find((l) => !/^[BLRN]*W$/.test(l));
    if (bad !== undefined) {
      process.stderr.write(`starter_javascript: unexpected corridor line '${bad}'\n`);
      process.exit(1);
    }
    // Writes to a pipe are synchronous on Linux: the line is out when write returns.
    process.stdout.write(play(corridors) + '\n');
  }
  process.exit(0);
}

main();
