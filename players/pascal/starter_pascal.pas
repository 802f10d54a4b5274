{ A starter Amazes bot in Free Pascal (standard library only): keeps a map of what it has seen
  and walks to the nearest square with an edge it knows nothing about. The starter bots of every
  language play this same strategy (players/README.md, "Starter bots in every language").

  Protocol (docs/rules.md §4, §5): each turn, "Start" on red's first turn only, then the
  corridors ahead, right, behind and left (a letter per square: B both side edges open, L left,
  R right, N neither, relative to the corridor's direction; W the wall that ends it) and the
  squared distance to the opponent. "Quit" or the end of input ends the program. The answer is
  one line of F/L/R/T letters, flushed. After its 150th turn the bot exits by itself. }
program starter_pascal;

{$mode objfpc}{$H+}

const
  Turns = 150;
  MaxLetters = 8;
  { Mazes up to 64x64: every square lies within 63 of the start, its edges within 64. }
  Size = 131;
  Origin = 65;
  { Directions in the bot's own frame, clockwise: 0 up, 1 right, 2 down, 3 left. }
  DR: array[0..3] of Integer = (-1, 0, 1, 0);
  DC: array[0..3] of Integer = (0, 1, 0, -1);
  Letter: array[0..3] of Char = ('F', 'R', 'T', 'L'); { a turn of 0..3 quarters clockwise }

type
  TEdge = (Unknown, Open, Wall);
  TPath = array[0..Size * Size - 1] of Integer;

var
  Edge: array[0..Size - 1, 0..Size - 1, 0..3] of TEdge;
  Seen: array[0..Size - 1, 0..Size - 1] of Boolean;
  From: array[0..Size - 1, 0..Size - 1] of Integer; { the direction we came in by, -1 unvisited }
  Queue: array[0..Size * Size - 1] of Integer;
  Row: Integer = Origin;
  Col: Integer = Origin;
  Facing: Integer = 0;

{ Records an edge from both of its squares. }
procedure SetEdge(R, C, D: Integer; State: TEdge);
begin
  Edge[R, C, D] := State;
  Edge[R + DR[D], C + DC[D], (D + 2) mod 4] := State;
end;

procedure RecordSide(R, C, Side: Integer; IsOpen: Boolean);
begin
  if IsOpen then
  begin
    SetEdge(R, C, Side, Open);
    Seen[R + DR[Side], C + DC[Side]] := True;
  end
  else
    SetEdge(R, C, Side, Wall);
end;

{ Walks one corridor line, seen from our square looking in direction D. }
procedure RecordCorridor(const Line: string; D: Integer);
var
  R, C, I: Integer;
begin
  R := Row;
  C := Col;
  for I := 1 to Length(Line) do
  begin
    if Line[I] = 'W' then
    begin
      SetEdge(R, C, D, Wall);
      Exit;
    end;
    SetEdge(R, C, D, Open);
    R := R + DR[D];
    C := C + DC[D];
    Seen[R, C] := True;
    RecordSide(R, C, (D + 3) mod 4, Line[I] in ['B', 'L']);
    RecordSide(R, C, (D + 1) mod 4, Line[I] in ['B', 'R']);
  end;
end;

function Unexplored(R, C: Integer): Boolean;
var
  D: Integer;
begin
  Result := not Seen[R, C];
  for D := 0 to 3 do
    if Edge[R, C, D] = Unknown then Result := True;
end;

{ Writes into Path the directions of the shortest walk over known openings to the nearest
  unexplored square (breadth first, directions in order 0..3); returns its length, 0 if none. }
function Plan(var Path: TPath): Integer;
var
  Head, Tail, R, C, D, NR, NC, I, T: Integer;
begin
  Result := 0;
  FillDWord(From, Size * Size, DWord(-1));
  Head := 0;
  Tail := 1;
  Queue[0] := Row * Size + Col;
  From[Row, Col] := 4;
  while Head < Tail do
  begin
    R := Queue[Head] div Size;
    C := Queue[Head] mod Size;
    Inc(Head);
    if ((R <> Row) or (C <> Col)) and Unexplored(R, C) then
    begin
      while (R <> Row) or (C <> Col) do { back to the start, then reversed }
      begin
        D := From[R, C];
        Path[Result] := D;
        Inc(Result);
        R := R - DR[D];
        C := C - DC[D];
      end;
      for I := 0 to Result div 2 - 1 do
      begin
        T := Path[I];
        Path[I] := Path[Result - 1 - I];
        Path[Result - 1 - I] := T;
      end;
      Exit;
    end;
    for D := 0 to 3 do
    begin
      NR := R + DR[D];
      NC := C + DC[D];
      if (Edge[R, C, D] = Open) and (From[NR, NC] = -1) then
      begin
        From[NR, NC] := D;
        Queue[Tail] := NR * Size + NC;
        Inc(Tail);
      end;
    end;
  end;
end;

{ One turn: records what the bot sees and returns the move line. }
function Play(const Corridors: array of string): string;
var
  Path: TPath;
  N, I, StartRow, StartCol: Integer;
begin
  Seen[Row, Col] := True;
  for I := 0 to 3 do RecordCorridor(Corridors[I], (Facing + I) mod 4); { ahead, right, behind, left }

  N := Plan(Path);
  for I := 0 to 3 do { all explored: one step through any opening }
    if (N = 0) and (Edge[Row, Col, (Facing + I) mod 4] = Open) then
    begin
      Path[0] := (Facing + I) mod 4;
      N := 1;
    end;
  if N > MaxLetters then N := MaxLetters;

  Result := '';
  StartRow := Row;
  StartCol := Col;
  for I := 0 to N - 1 do { every step goes through a known opening, so it happens }
  begin
    Result := Result + Letter[(Path[I] - Facing + 4) mod 4];
    Facing := Path[I];
    Row := Row + DR[Facing];
    Col := Col + DC[Facing];
  end;
  if (Row = StartRow) and (Col = StartCol) then { the judge's free T (rules §4.2) }
  begin
    Facing := (Facing + 2) mod 4;
    Row := Row + DR[Facing];
    Col := Col + DC[Facing];
  end;
end;

{ Reads one line without its line end ("\n" or "\r\n"); False at the end of input. }
function ReadLine(out Line: string): Boolean;
begin
  Result := not EOF(Input);
  if not Result then Exit;
  ReadLn(Input, Line);
  while (Length(Line) > 0) and (Line[Length(Line)] = #13) do SetLength(Line, Length(Line) - 1);
end;

function IsCorridor(const Line: string): Boolean;
var
  I: Integer;
begin
  Result := (Length(Line) > 0) and (Line[Length(Line)] = 'W');
  for I := 1 to Length(Line) - 1 do
    if not (Line[I] in ['B', 'L', 'R', 'N']) then Result := False;
end;

var
  Turn, I: Integer;
  Line, Distance: string;
  Corridors: array[0..3] of string;
begin
  for Turn := 1 to Turns do
  begin
    if not ReadLine(Line) or (Line = 'Quit') then Halt(0);
    if (Line = 'Start') and not ReadLine(Line) then Halt(0);
    Corridors[0] := Line;
    for I := 1 to 3 do
      if not ReadLine(Corridors[I]) then Halt(0);
    if not ReadLine(Distance) then Halt(0); { the squared distance: not used }
    for I := 0 to 3 do
      if not IsCorridor(Corridors[I]) then
      begin
        WriteLn(StdErr, 'starter_pascal: unexpected corridor line ''', Corridors[I], '''');
        Halt(1);
      end;
    WriteLn(Play(Corridors));
    Flush(Output);
  end;
end.
