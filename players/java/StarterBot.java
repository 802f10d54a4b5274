// A starter Amazes bot in Java (standard library only): keeps a map of what it has seen and walks
// to the nearest square with an edge it knows nothing about. The starter bots of every language
// play this same strategy (players/README.md, "Starter bots in every language").
//
// Protocol (docs/rules.md §4, §5): each turn, "Start" on red's first turn only, then the
// corridors ahead, right, behind and left (a letter per square: B both side edges open, L left,
// R right, N neither, relative to the corridor's direction; W the wall that ends it) and the
// squared distance to the opponent. "Quit" or the end of input ends the program. The answer is
// one line of F/L/R/T letters, flushed. After its 150th turn the bot exits by itself.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

public final class StarterBot {
  static final int TURNS = 150;
  static final int MAX_LETTERS = 8;
  // Mazes up to 64×64: every square lies within 63 of the start, its edges within 64.
  static final int SIZE = 131;
  static final int ORIGIN = 65;
  static final byte UNKNOWN = 0, OPEN = 1, WALL = 2;
  // Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left.
  static final int[] DR = {-1, 0, 1, 0};
  static final int[] DC = {0, 1, 0, -1};
  static final char[] LETTER = {'F', 'R', 'T', 'L'};  // a turn of 0..3 quarters clockwise

  final byte[][][] edge = new byte[SIZE][SIZE][4];
  final boolean[][] seen = new boolean[SIZE][SIZE];
  int row = ORIGIN, col = ORIGIN, facing = 0;

  // Records an edge from both of its squares.
  void setEdge(int r, int c, int d, byte state) {
    edge[r][c][d] = state;
    edge[r + DR[d]][c + DC[d]][(d + 2) % 4] = state;
  }

  // Walks one corridor line, seen from our square looking in direction d.
  void recordCorridor(String line, int d) {
    int r = row, c = col;
    for (char letter : line.toCharArray()) {
      if (letter == 'W') {
        setEdge(r, c, d, WALL);
        return;
      }
      setEdge(r, c, d, OPEN);
      r += DR[d];
      c += DC[d];
      seen[r][c] = true;
      int left = (d + 3) % 4, right = (d + 1) % 4;
      boolean leftOpen = letter == 'B' || letter == 'L', rightOpen = letter == 'B' || letter == 'R';
      setEdge(r, c, left, leftOpen ? OPEN : WALL);
      setEdge(r, c, right, rightOpen ? OPEN : WALL);
      if (leftOpen) seen[r + DR[left]][c + DC[left]] = true;
      if (rightOpen) seen[r + DR[right]][c + DC[right]] = true;
    }
  }

  boolean unexplored(int r, int c) {
    if (!seen[r][c]) return true;
    for (byte state : edge[r][c]) {
      if (state == UNKNOWN) return true;
    }
    return false;
  }

  // The directions of the shortest walk over known openings to the nearest unexplored square
  // (breadth first, directions in order 0..3); empty when there is none.
  List<Integer> plan() {
    int[][] from = new int[SIZE][SIZE];  // the direction we came in by, -1 unvisited
    for (int[] line : from) Arrays.fill(line, -1);
    ArrayDeque<int[]> queue = new ArrayDeque<>();
    queue.add(new int[] {row, col});
    from[row][col] = 4;
    while (!queue.isEmpty()) {
      int[] square = queue.poll();
      int r = square[0], c = square[1];
      if ((r != row || c != col) && unexplored(r, c)) {
        List<Integer> path = new ArrayList<>();
        while (r != row || c != col) {
          int d = from[r][c];
          path.add(d);
          r -= DR[d];
          c -= DC[d];
        }
        Collections.reverse(path);
        return path;
      }
      for (int d = 0; d < 4; ++d) {
        int nr = r + DR[d], nc = c + DC[d];
        if (edge[r][c][d] != OPEN || from[nr][nc] != -1) continue;
        from[nr][nc] = d;
        queue.add(new int[] {nr, nc});
      }
    }
    return new ArrayList<>();
  }

  // One turn: records what it sees and returns the move line.
  String play(String[] corridors) {
    seen[row][col] = true;
    for (int i = 0; i < 4; ++i) recordCorridor(corridors[i], (facing + i) % 4);  // ahead, right, behind, left

    List<Integer> path = plan();
    for (int i = 0; i < 4 && path.isEmpty(); ++i) {  // all explored: one step through any opening
      if (edge[row][col][(facing + i) % 4] == OPEN) path.add((facing + i) % 4);
    }
    if (path.size() > MAX_LETTERS) path = path.subList(0, MAX_LETTERS);

    StringBuilder move = new StringBuilder();
    int startRow = row, startCol = col;
    for (int d : path) {  // every step goes through a known opening, so it happens
      move.append(LETTER[(d - facing + 4) % 4]);
      facing = d;
      row += DR[d];
      col += DC[d];
    }
    if (row == startRow && col == startCol) {  // the judge's free T (rules §4.2)
      facing = (facing + 2) % 4;
      row += DR[facing];
      col += DC[facing];
    }
    return move.toString();
  }

  static boolean isCorridor(String line) {
    return line.matches("[BLRN]*W");
  }

  public static void main(String[] args) throws IOException {
    // readLine takes "\n" and "\r\n" as line ends alike; null at the end of input.
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    StarterBot bot = new StarterBot();
    for (int turn = 1; turn <= TURNS; ++turn) {
      String line = in.readLine();
      if (line == null || line.equals("Quit")) return;
      if (line.equals("Start") && (line = in.readLine()) == null) return;
      String[] corridors = new String[4];
      corridors[0] = line;
      for (int i = 1; i < 4; ++i) {
        if ((corridors[i] = in.readLine()) == null) return;
      }
      if (in.readLine() == null) return;  // the squared distance: not used
      for (String corridor : corridors) {
        if (!isCorridor(corridor)) {
          System.err.println("StarterBot: unexpected corridor line '" + corridor + "'");
          System.exit(1);
        }
      }
      System.out.print(bot.play(corridors) + "\n");
      System.out.flush();
    }
  }
}
