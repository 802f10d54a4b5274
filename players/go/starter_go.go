// A starter Amazes bot in Go (standard library only): keeps a map of what it has seen and walks
// to the nearest square with an edge it knows nothing about. The starter bots of every language
// play this same strategy (players/README.md, "Starter bots in every language").
//
// Protocol (docs/rules.md §4, §5): each turn, "Start" on red's first turn only, then the
// corridors ahead, right, behind and left (a letter per square: B both side edges open, L left,
// R right, N neither, relative to the corridor's direction; W the wall that ends it) and the
// squared distance to the opponent. "Quit" or the end of input ends the program. The answer is
// one line of F/L/R/T letters, flushed. After its 150th turn the bot exits by itself.
package main

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

const (
	turns      = 150
	maxLetters = 8
	// Mazes up to 64×64: every square lies within 63 of the start, its edges within 64.
	size   = 131
	origin = 65
)

const (
	unknown byte = iota
	open
	wall
)

// Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
var dr = [4]int{-1, 0, 1, 0}
var dc = [4]int{0, 1, 0, -1}
var letters = [4]byte{'F', 'R', 'T', 'L'} // a turn of 0..3 quarters clockwise

var corridorLine = regexp.MustCompile(`^[BLRN]*W$`)

type bot struct {
	edge           [size][size][4]byte
	seen           [size][size]bool
	row, col, face int
}

// setEdge records an edge from both of its squares.
func (b *bot) setEdge(r, c, d int, state byte) {
	b.edge[r][c][d] = state
	b.edge[r+dr[d]][c+dc[d]][(d+2)%4] = state
}

// recordCorridor walks one corridor line, seen from our square looking in direction d.
func (b *bot) recordCorridor(line string, d int) {
	r, c := b.row, b.col
	for _, letter := range line {
		if letter == 'W' {
			b.setEdge(r, c, d, wall)
			return
		}
		b.setEdge(r, c, d, open)
		r, c = r+dr[d], c+dc[d]
		b.seen[r][c] = true
		left, right := (d+3)%4, (d+1)%4
		leftOpen, rightOpen := letter == 'B' || letter == 'L', letter == 'B' || letter == 'R'
		b.setEdge(r, c, left, state(leftOpen))
		b.setEdge(r, c, right, state(rightOpen))
		if leftOpen {
			b.seen[r+dr[left]][c+dc[left]] = true
		}
		if rightOpen {
			b.seen[r+dr[right]][c+dc[right]] = true
		}
	}
}

func state(isOpen bool) byte {
	if isOpen {
		return open
	}
	return wall
}

func (b *bot) unexplored(r, c int) bool {
	if !b.seen[r][c] {
		return true
	}
	for _, s := range b.edge[r][c] {
		if s == unknown {
			return true
		}
	}
	return false
}

// plan returns the directions of the shortest walk over known openings to the nearest
// unexplored square (breadth first, directions in order 0..3); nil when there is none.
func (b *bot) plan() []int {
	var from [size][size]int // the direction we came in by, -1 unvisited
	for r := range from {
		for c := range from[r] {
			from[r][c] = -1
		}
	}
	queue := [][2]int{{b.row, b.col}}
	from[b.row][b.col] = 4
	for len(queue) > 0 {
		r, c := queue[0][0], queue[0][1]
		queue = queue[1:]
		if (r != b.row || c != b.col) && b.unexplored(r, c) {
			var path []int
			for r != b.row || c != b.col {
				d := from[r][c]
				path = append([]int{d}, path...)
				r, c = r-dr[d], c-dc[d]
			}
			return path
		}
		for d := 0; d < 4; d++ {
			nr, nc := r+dr[d], c+dc[d]
			if b.edge[r][c][d] != open || from[nr][nc] != -1 {
				continue
			}
			from[nr][nc] = d
			queue = append(queue, [2]int{nr, nc})
		}
	}
	return nil
}

// play records what the bot sees in one turn and returns the move line.
func (b *bot) play(corridors []string) string {
	b.seen[b.row][b.col] = true
	for i, line := range corridors { // ahead, right, behind, left
		b.recordCorridor(line, (b.face+i)%4)
	}
	path := b.plan()
	for i := 0; i < 4 && len(path) == 0; i++ { // all explored: one step through any opening
		if d := (b.face + i) % 4; b.edge[b.row][b.col][d] == open {
			path = append(path, d)
		}
	}
	if len(path) > maxLetters {
		path = path[:maxLetters]
	}
	var move strings.Builder
	startRow, startCol := b.row, b.col
	for _, d := range path { // every step goes through a known opening, so it happens
		move.WriteByte(letters[(d-b.face+4)%4])
		b.face, b.row, b.col = d, b.row+dr[d], b.col+dc[d]
	}
	if b.row == startRow && b.col == startCol { // the judge's free T (rules §4.2)
		b.face = (b.face + 2) % 4
		b.row, b.col = b.row+dr[b.face], b.col+dc[b.face]
	}
	return move.String()
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	readLine := func() (string, bool) { // without "\n" or "\r\n"; false at the end of input
		if !in.Scan() {
			return "", false
		}
		return strings.TrimRight(in.Text(), "\r"), true
	}
	b := &bot{row: origin, col: origin}
	for turn := 1; turn <= turns; turn++ {
		line, ok := readLine()
		if !ok || line == "Quit" {
			return
		}
		if line == "Start" {
			if line, ok = readLine(); !ok {
				return
			}
		}
		corridors := []string{line}
		for len(corridors) < 5 { // the fifth line, the squared distance, is not used
			if line, ok = readLine(); !ok {
				return
			}
			corridors = append(corridors, line)
		}
		corridors = corridors[:4]
		for _, corridor := range corridors {
			if !corridorLine.MatchString(corridor) {
				fmt.Fprintf(os.Stderr, "starter_go: unexpected corridor line '%s'\n", corridor)
				os.Exit(1)
			}
		}
		out.WriteString(b.play(corridors) + "\n")
		out.Flush()
	}
}
