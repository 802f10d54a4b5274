// A starter Amazes bot in Rust (standard library only): keeps a map of what it has seen and walks
// to the nearest square with an edge it knows nothing about. The starter bots of every language
// play this same strategy (players/README.md, "Starter bots in every language").
//
// Protocol (docs/rules.md §4, §5): each turn, "Start" on red's first turn only, then the
// corridors ahead, right, behind and left (a letter per square: B both side edges open, L left,
// R right, N neither, relative to the corridor's direction; W the wall that ends it) and the
// squared distance to the opponent. "Quit" or the end of input ends the program. The answer is
// one line of F/L/R/T letters, flushed. After its 150th turn the bot exits by itself.
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

const TURNS: usize = 150;
const MAX_LETTERS: usize = 8;
// Mazes up to 64×64: every square lies within 63 of the start, its edges within 64.
const SIZE: usize = 131;
const ORIGIN: usize = 65;

#[derive(Clone, Copy, PartialEq)]
enum Edge {
    Unknown,
    Open,
    Wall,
}

// Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
const DR: [isize; 4] = [-1, 0, 1, 0];
const DC: [isize; 4] = [0, 1, 0, -1];
const LETTER: [char; 4] = ['F', 'R', 'T', 'L']; // a turn of 0..3 quarters clockwise

fn step(r: usize, c: usize, d: usize) -> (usize, usize) {
    ((r as isize + DR[d]) as usize, (c as isize + DC[d]) as usize)
}

struct Bot {
    edge: Vec<[Edge; 4]>, // per square, index r * SIZE + c
    seen: Vec<bool>,
    row: usize,
    col: usize,
    facing: usize,
}

impl Bot {
    fn new() -> Bot {
        Bot {
            edge: vec![[Edge::Unknown; 4]; SIZE * SIZE],
            seen: vec![false; SIZE * SIZE],
            row: ORIGIN,
            col: ORIGIN,
            facing: 0,
        }
    }

    // Records an edge from both of its squares.
    fn set_edge(&mut self, r: usize, c: usize, d: usize, state: Edge) {
        let (nr, nc) = step(r, c, d);
        self.edge[r * SIZE + c][d] = state;
        self.edge[nr * SIZE + nc][(d + 2) % 4] = state;
    }

    // Walks one corridor line, seen from our square looking in direction d.
    fn record_corridor(&mut self, line: &str, d: usize) {
        let (mut r, mut c) = (self.row, self.col);
        for letter in line.chars() {
            if letter == 'W' {
                self.set_edge(r, c, d, Edge::Wall);
                return;
            }
            self.set_edge(r, c, d, Edge::Open);
            (r, c) = step(r, c, d);
            self.seen[r * SIZE + c] = true;
            let sides = [
                ((d + 3) % 4, letter == 'B' || letter == 'L'),
                ((d + 1) % 4, letter == 'B' || letter == 'R'),
            ];
            for (side, open) in sides {
                self.set_edge(r, c, side, if open { Edge::Open } else { Edge::Wall });
                if open {
                    let (sr, sc) = step(r, c, side);
                    self.seen[sr * SIZE + sc] = true;
                }
            }
        }
    }

    fn unexplored(&self, r: usize, c: usize) -> bool {
        !self.seen[r * SIZE + c] || self.edge[r * SIZE + c].contains(&Edge::Unknown)
    }

    // The directions of the shortest walk over known openings to the nearest unexplored square
    // (breadth first, directions in order 0..3); empty when there is none.
    fn plan(&self) -> Vec<usize> {
        let mut from = vec![usize::MAX; SIZE * SIZE]; // the direction we came in by
        let mut queue = VecDeque::from([(self.row, self.col)]);
        from[self.row * SIZE + self.col] = 4;
        while let Some((r, c)) = queue.pop_front() {
            if (r, c) != (self.row, self.col) && self.unexplored(r, c) {
                let mut path = Vec::new();
                let (mut r, mut c) = (r, c);
                while (r, c) != (self.row, self.col) {
                    let d = from[r * SIZE + c];
                    path.push(d);
                    (r, c) = step(r, c, (d + 2) % 4);
                }
                path.reverse();
                return path;
            }
            for d in 0..4 {
                let (nr, nc) = step(r, c, d);
                if self.edge[r * SIZE + c][d] == Edge::Open && from[nr * SIZE + nc] == usize::MAX {
                    from[nr * SIZE + nc] = d;
                    queue.push_back((nr, nc));
                }
            }
        }
        Vec::new()
    }

    // One turn: records what it sees and returns the move line.
    fn play(&mut self, corridors: &[String]) -> String {
        self.seen[self.row * SIZE + self.col] = true;
        for (i, line) in corridors.iter().enumerate() {
            self.record_corridor(line, (self.facing + i) % 4); // ahead, right, behind, left
        }
        let mut path = self.plan();
        if path.is_empty() {
            // All explored: one step through any opening.
            let here = self.edge[self.row * SIZE + self.col];
            path.extend(
                (0..4)
                    .map(|i| (self.facing + i) % 4)
                    .find(|&d| here[d] == Edge::Open),
            );
        }
        path.truncate(MAX_LETTERS);

        let mut line = String::new();
        let start = (self.row, self.col);
        for d in path {
            // Every step goes through a known opening, so it happens.
            line.push(LETTER[(d + 4 - self.facing) % 4]);
            self.facing = d;
            (self.row, self.col) = step(self.row, self.col, d);
        }
        if (self.row, self.col) == start {
            // The judge's free T (rules §4.2).
            self.facing = (self.facing + 2) % 4;
            (self.row, self.col) = step(self.row, self.col, self.facing);
        }
        line
    }
}

fn is_corridor(line: &str) -> bool {
    line.ends_with('W') && line[..line.len() - 1].chars().all(|c| "BLRN".contains(c))
}

fn main() {
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines().map(|l| l.unwrap_or_default()); // lines() drops "\n" and "\r\n"
    let mut out = io::stdout();
    let mut bot = Bot::new();
    for _turn in 0..TURNS {
        let mut turn = Vec::new();
        match lines.next() {
            None => return,
            Some(line) if line == "Quit" => return,
            Some(line) if line == "Start" => {}
            Some(line) => turn.push(line),
        }
        while turn.len() < 5 {
            match lines.next() {
                Some(line) => turn.push(line),
                None => return,
            }
        }
        let corridors = &turn[..4]; // the fifth line, the squared distance, is not used
        if let Some(bad) = corridors.iter().find(|l| !is_corridor(l)) {
            eprintln!("starter_rust: unexpected corridor line '{}'", bad);
            std::process::exit(1);
        }
        let line = bot.play(corridors);
        writeln!(out, "{}", line)
            .and_then(|_| out.flush())
            .unwrap_or_else(|_| std::process::exit(0));
    }
}
