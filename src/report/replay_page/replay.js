// Plays back one match from the JSON the judge embedded (format amazes-replay/1). Everything
// about the rules (where a move ends, what a player learnt, the points) comes from that data,
// which the judge's rules engine produced; this script only accumulates and draws it.
//
// A position in the match is a "step" s from 0 (nothing played) to the number of logged
// turns: step s is the game after the first s turn records (red 1, blue 1, red 2, ...).
// `#turn=N` is the step after both players' N-th turns; `#turn=N&after=red` the one between;
// `&view=red|blue|maze` picks what the maze shows (default: both players' knowledge).
"use strict";

// The data is JSON, or in a contest site's replays the JSON compressed (zlib) in base64, which
// the browser's own DecompressionStream inflates: the page still fetches nothing.
(function () {
  const element = document.getElementById("replay-data");
  if (element.dataset.encoding !== "deflate-base64") {
    play(JSON.parse(element.textContent));
    return;
  }
  const bytes = Uint8Array.from(atob(element.textContent.trim()), (c) => c.charCodeAt(0));
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate"));
  new Response(inflated).text().then((text) => play(JSON.parse(text)));
})();

function play(D) {
  const N = D.size;
  const TURNS = D.turns;
  const STEPS = TURNS.length;
  const COLOURS = ["red", "blue"];
  const NEVER = 0x7fffffff;
  const H_EDGES = (N + 1) * N;
  const EDGES = 2 * N * (N + 1);
  const TRAIL_TURNS = 3; // a player's trail: its moves of its last three turns
  const SVG_NS = document.getElementById("board").namespaceURI; // no URL literal in the page

  // ---- Data, accumulated once --------------------------------------------------------------

  // Per player, the step at which each fact became known (NEVER: not by the end): reading the
  // knowledge after step s is then "known at <= s", for any s, in any order.
  function knowledgeTimeline(colour) {
    const k = {
      discovered: new Int32Array(N * N).fill(NEVER),
      first: new Uint8Array(N * N),
      exists: new Int32Array(N * N).fill(NEVER),
      deadEnd: new Int32Array(N * N).fill(NEVER),
      edge: new Int32Array(EDGES).fill(NEVER),
      edgeState: new Uint8Array(EDGES), // 1 wall, 2 opening
    };
    TURNS.forEach((t, i) => {
      if (t.player !== colour) return;
      const s = i + 1;
      const learnt = t.learnt;
      (learnt.discovered || []).forEach((q) => { k.discovered[q] = s; });
      (learnt.first || []).forEach((q) => { k.first[q] = 1; });
      (learnt.exists || []).forEach((q) => { k.exists[q] = s; });
      (learnt.dead_ends || []).forEach((q) => { k.deadEnd[q] = s; });
      (learnt.walls || []).forEach((e) => { k.edge[e] = s; k.edgeState[e] = 1; });
      (learnt.openings || []).forEach((e) => { k.edge[e] = s; k.edgeState[e] = 2; });
    });
    return k;
  }
  const KNOWS = { red: knowledgeTimeline("red"), blue: knowledgeTimeline("blue") };

  // latest[colour][s]: the index of that player's last turn record among the first s, or -1.
  const latest = { red: new Int32Array(STEPS + 1), blue: new Int32Array(STEPS + 1) };
  COLOURS.forEach((c) => {
    let last = -1;
    for (let s = 0; s <= STEPS; s++) {
      latest[c][s] = last;
      if (s < STEPS && TURNS[s].player === c) last = s;
    }
  });

  // The step after turn N of red and of blue (or of red alone when blue has no turn N).
  const stepAfterTurn = new Map([[0, 0]]);
  TURNS.forEach((t, i) => { stepAfterTurn.set(t.turn, i + 1); });
  const LAST_TURN = STEPS > 0 ? TURNS[STEPS - 1].turn : 0;

  const WALL = Uint8Array.from(D.walls, (ch) => (ch === "1" ? 1 : 0));
  const FAULT_STEP = {}; // colour -> step of its fault
  TURNS.forEach((t, i) => { if (t.fault) FAULT_STEP[t.player] = i + 1; });

  function squareXY(q) { return [q % N, Math.floor(q / N)]; }
  function centre(q) { const [x, y] = squareXY(q); return [x + 0.5, y + 0.5]; }
  function edgeEnds(e) {
    if (e < H_EDGES) {
      const r = Math.floor(e / N), c = e % N;
      return [c, r, c + 1, r];
    }
    const v = e - H_EDGES, r = Math.floor(v / (N + 1)), c = v % (N + 1);
    return [c, r, c, r + 1];
  }
  function rowCol(q) { const [x, y] = squareXY(q); return `row ${y + 1}, col ${x + 1}`; }
  function positionOf(colour, s) {
    const i = latest[colour][s];
    return i < 0 ? { at: D.start[colour].at, facing: D.start[colour].facing } : TURNS[i];
  }
  function pointsOf(colour, s) {
    const i = latest[colour][s];
    return i < 0 ? 0 : TURNS[i].points;
  }

  // ---- DOM helpers ---------------------------------------------------------------------------

  function svg(tag, attributes, parent) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (parent) parent.appendChild(node);
    return node;
  }
  function html(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function byId(id) { return document.getElementById(id); }
  // Setting an unchanged class costs a style recalculation for nothing: skip those.
  function setClass(node, name) { if (node.__class !== name) { node.setAttribute("class", name); node.__class = name; } }

  // ---- The board -----------------------------------------------------------------------------

  const board = byId("board");
  board.setAttribute("viewBox", `-0.9 -0.9 ${N + 1.2} ${N + 1.2}`);
  const layers = {};
  ["squares", "marks", "edges", "coords", "fresh", "trails", "tokens", "events"].forEach((name) => {
    layers[name] = svg("g", { class: name }, board);
  });
  // Each square is a square with its lower-right half over it, so that "both" can show both
  // players' discovery of one square (red the whole, blue the half); otherwise the half is
  // clear. Squares are drawn with crisp edges: no hairline seams between neighbours.
  layers.squares.setAttribute("shape-rendering", "crispEdges");
  const halves = [];
  const deadMarks = [];
  for (let q = 0; q < N * N; q++) {
    const [x, y] = squareXY(q);
    halves.push([
      svg("rect", { x, y, width: 1, height: 1 }, layers.squares),
      svg("polygon", { points: `${x + 1},${y} ${x + 1},${y + 1} ${x},${y + 1}`, "shape-rendering": "auto" }, layers.squares),
    ]);
    const m = 0.15;
    deadMarks.push(svg("path", {
      d: `M${x + 0.5 - m},${y + 0.5 - m}L${x + 0.5 + m},${y + 0.5 + m}M${x + 0.5 + m},${y + 0.5 - m}L${x + 0.5 - m},${y + 0.5 + m}`,
      class: "dead", visibility: "hidden",
    }, layers.marks));
  }
  const edgeLines = [];
  for (let e = 0; e < EDGES; e++) {
    const [x1, y1, x2, y2] = edgeEnds(e);
    edgeLines.push(svg("line", { x1, y1, x2, y2 }, layers.edges));
  }
  for (let i = 0; i < N; i++) {
    svg("text", { x: i + 0.5, y: -0.45, class: "coord" }, layers.coords).textContent = String(i + 1);
    svg("text", { x: -0.45, y: i + 0.5, class: "coord" }, layers.coords).textContent = String(i + 1);
  }
  const tokens = {};
  COLOURS.forEach((c) => {
    const g = svg("g", { class: `token ${c}` }, layers.tokens);
    svg("circle", { r: 0.36 }, g);
    svg("path", { d: "M0,-0.27L0.17,0.05L-0.17,0.05Z" }, g); // points north; rotated to the facing
    tokens[c] = g;
  });
  const ANGLE = { N: 0, E: 90, S: 180, W: 270 };

  function squareClass(colour, k, q, s) {
    if (k.discovered[q] <= s) return `sq-${colour}-${k.first[q] ? "first" : "later"}`;
    return k.exists[q] <= s ? "sq-exists" : "sq-none";
  }

  function drawKnowledge(view, s) {
    const trueMaze = view === "maze";
    const shown = view === "red" || view === "blue" ? [view] : COLOURS;
    for (let q = 0; q < N * N; q++) {
      let whole = "sq-none";
      let half = "sq-clear";
      if (trueMaze) {
        // Nothing over the walls: the maze as it is.
      } else if (shown.length === 1) {
        whole = squareClass(view, KNOWS[view], q, s);
      } else {
        // A square only one player knows is all that player's colour; one both know is split.
        const red = squareClass("red", KNOWS.red, q, s);
        const blue = squareClass("blue", KNOWS.blue, q, s);
        whole = red === "sq-none" ? blue : red;
        if (red !== "sq-none" && blue !== "sq-none") half = blue;
      }
      setClass(halves[q][0], whole);
      setClass(halves[q][1], half);
      const dead = !trueMaze && shown.some((c) => KNOWS[c].deadEnd[q] <= s);
      const visibility = dead ? "visible" : "hidden";
      if (deadMarks[q].__visibility !== visibility) {
        deadMarks[q].setAttribute("visibility", visibility);
        deadMarks[q].__visibility = visibility;
      }
    }
    for (let e = 0; e < EDGES; e++) {
      let wall = trueMaze && WALL[e] === 1;
      let open = trueMaze && WALL[e] === 0;
      for (const c of trueMaze ? [] : shown) {
        const k = KNOWS[c];
        if (k.edge[e] <= s) {
          wall = wall || k.edgeState[e] === 1;
          open = open || k.edgeState[e] === 2;
        }
      }
      setClass(edgeLines[e], wall ? "edge edge-wall" : open ? "edge edge-open" : "edge edge-unknown");
    }
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function drawTrail(colour, s) {
    // The turns of this player among the first s, newest last.
    const mine = [];
    for (let i = latest[colour][s]; i >= 0 && mine.length < TRAIL_TURNS; i--) {
      if (TURNS[i].player === colour) mine.unshift(i);
    }
    mine.forEach((i, n) => {
      const before = latest[colour][i];
      const from = before < 0 ? D.start[colour].at : TURNS[before].at;
      const squares = [from].concat(TURNS[i].path);
      if (squares.length < 2) return;
      const age = mine.length - 1 - n; // 0: the newest
      svg("polyline", {
        points: squares.map((q) => centre(q).join(",")).join(" "),
        class: `trail ${colour}`,
        "stroke-width": age === 0 ? 0.16 : 0.1,
        opacity: age === 0 ? 0.9 : age === 1 ? 0.45 : 0.25,
      }, layers.trails);
    });
  }

  function drawPosition(s) {
    clear(layers.trails);
    clear(layers.fresh);
    clear(layers.events);
    COLOURS.forEach((c) => drawTrail(c, s));
    // Two players on one square (a catch): side by side, so both stay visible.
    const at = { red: positionOf("red", s), blue: positionOf("blue", s) };
    COLOURS.forEach((c) => {
      const p = at[c];
      let [x, y] = centre(p.at);
      if (at.red.at === at.blue.at) x += c === "red" ? -0.2 : 0.2;
      tokens[c].setAttribute("transform", `translate(${x},${y}) rotate(${ANGLE[p.facing]})`);
    });
    if (s === 0) return;
    const t = TURNS[s - 1];
    // What the last move discovered: outlined in the mover's colour.
    (t.learnt.discovered || []).forEach((q) => {
      const [x, y] = squareXY(q);
      svg("rect", { x: x + 0.08, y: y + 0.08, width: 0.84, height: 0.84, rx: 0.12, class: `fresh ${t.player}` },
        layers.fresh);
    });
    if (t.catch) {
      const [x, y] = centre(t.at);
      svg("circle", { cx: x, cy: y, r: 0.75, class: "catch-ring" }, layers.events);
      const label = svg("text", { x, y: y - 0.95, class: "catch-text" }, layers.events);
      label.textContent = t.sudden_death ? "SUDDEN DEATH" : "CATCH +100";
    }
  }

  // ---- Legend --------------------------------------------------------------------------------

  function legendItem(text, draw) {
    const li = html("li");
    const icon = svg("svg", { viewBox: "0 0 1 1" }, li);
    draw(icon);
    li.appendChild(document.createTextNode(text));
    byId("legend").appendChild(li);
  }
  function swatch(name) { return (icon) => svg("rect", { x: 0.05, y: 0.05, width: 0.9, height: 0.9, class: name, stroke: "#ccc", "stroke-width": 0.05 }, icon); }
  legendItem("first discovery (red / blue)", (icon) => {
    svg("polygon", { points: "0,0 1,0 0,1", class: "sq-red-first" }, icon);
    svg("polygon", { points: "1,0 1,1 0,1", class: "sq-blue-first" }, icon);
  });
  legendItem("found after the opponent", (icon) => {
    svg("polygon", { points: "0,0 1,0 0,1", class: "sq-red-later" }, icon);
    svg("polygon", { points: "1,0 1,1 0,1", class: "sq-blue-later" }, icon);
  });
  legendItem("exists, not yet discovered", swatch("sq-exists"));
  legendItem("dead end (inferred)", (icon) => svg("path", { d: "M0.25,0.25L0.75,0.75M0.75,0.25L0.25,0.75", class: "dead" }, icon));
  legendItem("known wall", (icon) => svg("line", { x1: 0, y1: 0.5, x2: 1, y2: 0.5, class: "edge-wall" }, icon));
  legendItem("edge not known", (icon) => svg("line", { x1: 0, y1: 0.5, x2: 1, y2: 0.5, class: "edge-unknown" }, icon));
  legendItem("discovered by this move", (icon) => svg("rect", { x: 0.12, y: 0.12, width: 0.76, height: 0.76, rx: 0.12, class: "fresh red" }, icon));
  legendItem("trail: last 3 turns", (icon) => svg("polyline", { points: "0.1,0.8 0.5,0.8 0.5,0.2 0.9,0.2", class: "trail red", "stroke-width": 0.14 }, icon));
  legendItem("both know it (blue: half)", (icon) => {
    svg("rect", { x: 0, y: 0, width: 1, height: 1, class: "sq-red-later" }, icon);
    svg("polygon", { points: "1,0 1,1 0,1", class: "sq-blue-first" }, icon);
  });

  // ---- Side panel ----------------------------------------------------------------------------

  // The lines the judge wrote, each captioned with what it says (the names come with the data).
  function lineBoxes(lines) {
    const dd = html("dd", { class: "lines" });
    if (lines.length === 0) dd.textContent = "(nothing: the player is taken over)";
    const names = lines.length === D.input_lines.length + 1 ? ["start"].concat(D.input_lines) : D.input_lines;
    lines.forEach((line, n) => {
      const box = html("span");
      box.appendChild(html("code", { class: "mono" }, line === "" ? "\u00a0" : line));
      box.appendChild(html("small", {}, names[n] || ""));
      dd.appendChild(box);
    });
    return dd;
  }
  function row(dl, label, value) {
    dl.appendChild(html("dt", {}, label));
    const dd = typeof value === "string" ? html("dd", {}, value) : value;
    dl.appendChild(dd);
    return dd;
  }
  function clip(text, length) { return text.length <= length ? text : `${text.slice(0, length)}... (${text.length} characters)`; }

  function drawCard(colour, s, moverIndex) {
    const card = byId(`card-${colour}`);
    clear(card);
    const i = latest[colour][s];
    setClass(card, `card ${colour}${i >= 0 && i === moverIndex ? " mover" : ""}`);
    const player = D.players[colour];
    const head = html("h2");
    head.appendChild(html("span", {}, `${player.name} (${colour})`));
    head.appendChild(html("span", { class: "sub" }, i < 0 ? "has not moved yet" : `its turn ${TURNS[i].turn}`));
    card.appendChild(head);
    const dl = html("dl");
    card.appendChild(dl);
    if (i < 0) {
      const start = D.start[colour];
      row(dl, "starts", `${rowCol(start.at)}, facing ${start.facing}`);
      return;
    }
    const t = TURNS[i];
    row(dl, "judge wrote", lineBoxes(t.input));
    let answer = t.output === null ? "(no line)" : clip(t.output, 80);
    if (t.unsolicited_output !== undefined) answer = `unsolicited: ${clip(t.unsolicited_output.replace(/\n/g, "\\n"), 80)}`;
    row(dl, "bot answered", html("dd", { class: "mono" }, answer));
    if (t.more_output !== undefined) {
      row(dl, "then wrote", html("dd", { class: "mono" }, clip(t.more_output.replace(/\n/g, "\\n"), 200)));
    }
    const played = html("dd", { class: "mono" }, clip(t.played, 80));
    if (t.substituted && !t.fault) played.appendChild(html("span", { class: "badge taken" }, "played by the judge"));
    row(dl, "played", played);
    const steps = `${t.path.length} square${t.path.length === 1 ? "" : "s"} walked, now ${rowCol(t.at)} facing ${t.facing}`;
    row(dl, "moved", steps);
    row(dl, "cost", String(t.cost));
    row(dl, "discovered", `${t.discovered} (${t.first} first)`);
    const result = html("dd");
    result.appendChild(html("strong", {}, `${t.points} points`));
    if (t.catch) result.appendChild(html("span", { class: "badge catch" }, t.sudden_death ? " sudden death" : " catch +100"));
    row(dl, "after it", result);
    if (t.fault) {
      row(dl, "fault", html("dd")).appendChild(
        html("span", { class: "badge fault" }, `${t.fault}: the judge plays T from now on, score 0`));
    } else if (FAULT_STEP[colour] !== undefined && FAULT_STEP[colour] <= s) {
      row(dl, "status", html("dd")).appendChild(
        html("span", { class: "badge taken" }, `taken over since its turn ${TURNS[FAULT_STEP[colour] - 1].turn}`));
    }
    row(dl, "time", `${t.time_ms.toFixed(1)} ms`);
  }

  function drawStatus(s) {
    const t = s > 0 ? TURNS[s - 1] : null;
    byId("turn").textContent = String(t ? t.turn : 0);
    byId("turn-total").textContent = ` / ${D.turns_per_player}`;
    byId("phase").textContent = !t ? "before the first move" : t.player === "red" ? "red has moved, blue to move" : "both have moved";
    byId("points-red").textContent = String(pointsOf("red", s));
    byId("points-blue").textContent = String(pointsOf("blue", s));
    const event = byId("event");
    event.hidden = !(t && (t.catch || t.fault));
    if (t && t.catch) {
      const other = t.player === "red" ? "blue" : "red";
      event.textContent = t.sudden_death
        ? `Sudden death: ${t.player} caught ${other} having discovered every square; ${t.player}'s points are doubled, ${other}'s become 0.`
        : `Catch: ${t.player} ends its move on ${other}'s square (+100).`;
    } else if (t && t.fault) {
      event.textContent = `Fault (${t.fault}) by ${t.player}: its process is killed, the judge plays T for it, its score is 0.`;
    }
    const banner = byId("banner");
    banner.hidden = s !== STEPS;
    if (s === STEPS) {
      const r = D.result;
      const side = (c) => `${D.players[c].name} (${c}) ${r[c].points} points, score ${r[c].score}${r[c].fault ? `, ${r[c].fault} at turn ${r[c].fault_turn}` : ""}`;
      banner.textContent = `Game over${r.end === "sudden_death" ? " by sudden death" : ""}: ${side("red")} \u2014 ${side("blue")}`;
    }
  }

  // ---- Chart of the points -------------------------------------------------------------------

  const chart = byId("chart");
  const CW = 480, CH = 150, PAD = { left: 36, right: 8, top: 8, bottom: 18 };
  chart.setAttribute("viewBox", `0 0 ${CW} ${CH}`);
  chart.setAttribute("preserveAspectRatio", "none");
  const allPoints = TURNS.map((t) => t.points).concat([0]);
  const low = Math.min(...allPoints), high = Math.max(...allPoints, 1);
  const maxTurn = Math.max(D.turns_per_player, 1);
  const cx = (turn) => PAD.left + (turn / maxTurn) * (CW - PAD.left - PAD.right);
  const cy = (points) => CH - PAD.bottom - ((points - low) / (high - low || 1)) * (CH - PAD.top - PAD.bottom);
  svg("line", { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: CH - PAD.bottom, class: "chart-axis" }, chart);
  svg("line", { x1: PAD.left, y1: cy(0), x2: CW - PAD.right, y2: cy(0), class: "chart-zero" }, chart);
  // Labels for the highest, the lowest and zero, leaving out one that would overlap another.
  const labelled = [];
  [high, low, 0].forEach((value) => {
    const y = cy(value) + 3;
    if (labelled.some((other) => Math.abs(other - y) < 11)) return;
    labelled.push(y);
    svg("text", { x: PAD.left - 4, y: Math.max(y, PAD.top + 4), "text-anchor": "end", class: "chart-label" }, chart)
      .textContent = String(value);
  });
  svg("text", { x: CW - PAD.right, y: CH - 4, "text-anchor": "end", class: "chart-label" }, chart).textContent = `turn ${maxTurn}`;
  COLOURS.forEach((c) => {
    const points = [`${cx(0)},${cy(0)}`];
    TURNS.forEach((t) => { if (t.player === c) points.push(`${cx(t.turn)},${cy(t.points)}`); });
    svg("polyline", { points: points.join(" "), class: `chart-line ${c}`, "vector-effect": "non-scaling-stroke" }, chart);
  });
  const cursor = svg("line", { y1: PAD.top, y2: CH - PAD.bottom, class: "chart-cursor", "vector-effect": "non-scaling-stroke" }, chart);
  const dots = {};
  COLOURS.forEach((c) => { dots[c] = svg("circle", { r: 3, class: `chart-dot ${c}` }, chart); });

  function drawChart(s) {
    const turn = s > 0 ? TURNS[s - 1].turn : 0;
    cursor.setAttribute("x1", cx(turn));
    cursor.setAttribute("x2", cx(turn));
    COLOURS.forEach((c) => {
      const i = latest[c][s];
      dots[c].setAttribute("cx", cx(i < 0 ? 0 : TURNS[i].turn));
      dots[c].setAttribute("cy", cy(pointsOf(c, s)));
    });
  }

  // ---- Timeline marks under the slider -------------------------------------------------------

  const marks = byId("marks");
  // The slider's thumb centre runs from half a thumb in from each end: the marks follow.
  const THUMB = 8;
  function placeMarks() {
    const width = marks.getBoundingClientRect().width || 600;
    const x = (s) => THUMB + (width - 2 * THUMB) * (STEPS ? s / STEPS : 0);
    clear(marks);
    COLOURS.forEach((c, row) => {
      const y = 2 + row * 10;
      if (FAULT_STEP[c] !== undefined) {
        const from = FAULT_STEP[c];
        const span = svg("rect", { x: x(from), y, width: Math.max(1, x(STEPS) - x(from)), height: 8, class: `taken ${c}` }, marks);
        svg("title", {}, span).textContent = `${c} taken over: the judge plays T`;
        const t = TURNS[from - 1];
        const m = svg("path", { d: `M${x(from)},${y}l4,8h-8z`, class: `mark ${c}` }, marks);
        svg("title", {}, m).textContent = `${c} ${t.fault} at its turn ${t.turn}`;
        m.addEventListener("click", () => { pause(); show(from); });
      }
    });
    TURNS.forEach((t, i) => {
      if (!t.catch) return;
      const m = svg("circle", { cx: x(i + 1), cy: t.player === "red" ? 6 : 16, r: 3.5, class: "mark catch" }, marks);
      svg("title", {}, m).textContent = `${t.player} catches at its turn ${t.turn}${t.sudden_death ? " (sudden death)" : ""}`;
      m.addEventListener("click", () => { pause(); show(i + 1); });
    });
  }

  // ---- State, controls, address ----------------------------------------------------------------

  let step = 0;
  let view = "both";
  let timer = null;
  const slider = byId("slider");
  slider.max = String(STEPS);

  function hashFor(s) {
    const viewPart = view === "both" ? "" : `&view=${view}`;
    if (s === 0) return `#turn=0${viewPart}`;
    const t = TURNS[s - 1];
    const complete = t.player === "blue" || s === STEPS;
    return (complete ? `#turn=${t.turn}` : `#turn=${t.turn}&after=red`) + viewPart;
  }
  function viewFromHash() {
    const match = /view=(red|blue|both|maze)/.exec(location.hash);
    return match ? match[1] : null;
  }
  function stepFromHash() {
    const match = /turn=(\d+)/.exec(location.hash);
    if (!match) return null;
    const turn = Math.min(Number(match[1]), LAST_TURN);
    let s = stepAfterTurn.get(turn);
    if (s === undefined) return null;
    if (/after=red/.test(location.hash) && s > 0 && TURNS[s - 1].player === "blue") s -= 1;
    return s;
  }

  function render() {
    drawKnowledge(view, step);
    drawPosition(step);
    drawStatus(step);
    const mover = step > 0 ? step - 1 : -1;
    COLOURS.forEach((c) => drawCard(c, step, mover));
    drawChart(step);
    slider.value = String(step);
  }

  function show(s, keepHash) {
    step = Math.max(0, Math.min(STEPS, s));
    render();
    if (!keepHash && location.hash !== hashFor(step)) {
      try { history.replaceState(null, "", hashFor(step)); } catch (e) { /* some file:// setups refuse */ }
    }
  }

  const VIEW_NOTES = {
    red: "What red knows after this move, as the judge keeps it: seen, walked and inferred.",
    blue: "What blue knows after this move, as the judge keeps it: seen, walked and inferred.",
    both: "Both players' knowledge; a square both know is split, blue in its lower-right half.",
    maze: "The true maze: every wall, known or not.",
  };
  function setView(name, keepHash) {
    view = name;
    document.querySelectorAll("#views button").forEach((b) => b.setAttribute("aria-checked", String(b.dataset.view === name)));
    byId("view-note").textContent = VIEW_NOTES[name];
    show(step, keepHash);
  }

  function pause() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    byId("play-icon").setAttribute("d", "M4 2v12l10-6z");
  }
  function play() {
    if (step >= STEPS) show(0);
    byId("play-icon").setAttribute("d", "M3 2h4v12H3zM9 2h4v12H9z");
    timer = setInterval(() => {
      if (step >= STEPS) { pause(); return; }
      show(step + 1);
    }, 1000 / Number(byId("speed").value));
  }
  function toggle() { if (timer === null) play(); else pause(); }

  document.querySelectorAll("#views button").forEach((b) => b.addEventListener("click", () => setView(b.dataset.view)));
  byId("first").addEventListener("click", () => { pause(); show(0); });
  byId("back").addEventListener("click", () => { pause(); show(step - 1); });
  byId("forward").addEventListener("click", () => { pause(); show(step + 1); });
  byId("last").addEventListener("click", () => { pause(); show(STEPS); });
  byId("play").addEventListener("click", toggle);
  byId("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
  slider.addEventListener("input", () => { pause(); show(Number(slider.value)); });
  document.addEventListener("keydown", (e) => {
    const tag = e.target.tagName;
    if (e.altKey || e.ctrlKey || e.metaKey || tag === "SELECT") return;
    if (tag === "BUTTON" && (e.key === " " || e.key === "Enter")) return; // the button's own click
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -2, ArrowUp: 2 };
    if (e.key in moves) { pause(); show(step + moves[e.key]); }
    else if (e.key === " ") toggle();
    else if (e.key === "Home") { pause(); show(0); }
    else if (e.key === "End") { pause(); show(STEPS); }
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    const s = stepFromHash();
    if (s === null) return;
    pause();
    step = s;
    setView(viewFromHash() || "both", true);
  });
  window.addEventListener("resize", placeMarks);

  // Title and facts of the match.
  const title = byId("title");
  title.appendChild(document.createTextNode(`${D.id}: `));
  title.appendChild(html("span", { class: "red" }, D.players.red.name));
  title.appendChild(document.createTextNode(" (red) vs "));
  title.appendChild(html("span", { class: "blue" }, D.players.blue.name));
  title.appendChild(document.createTextNode(" (blue)"));
  byId("name-red").textContent = D.players.red.name;
  byId("name-blue").textContent = D.players.blue.name;
  byId("meta").textContent = `${N}\u00d7${N} maze${D.seed !== null ? `, seed ${D.seed}` : ""}, ${D.turns_per_player} turns each, ` +
    `${STEPS} moves logged, ${D.result.end === "sudden_death" ? "ended by sudden death" : "normal end"}. ` +
    `Red: ${D.players.red.command} \u00b7 Blue: ${D.players.blue.command}`;

  const fromHash = stepFromHash();
  step = fromHash === null ? 0 : fromHash;
  setView(viewFromHash() || "both", true);
  placeMarks();
}
