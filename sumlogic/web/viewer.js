/* sumlogic step viewer.
 *
 * Reads one or more traces (what `sumlogic explain --json` writes) and shows
 * the puzzle as SVG, step by step, with the explanation beside it.
 * Plain ES2020, no dependencies, no network: it works from file://.
 *
 * The page provides <div id="sumlogic-viewer"> and, optionally,
 * <script type="application/json" id="sumlogic-traces"> holding a trace
 * object or a list of them. With data-loader on the root element the
 * viewer also offers a file input and drag-and-drop to open a trace file.
 */
(() => {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  const CELL = 60;
  const MARGIN = 24;
  const REGION_COLOURS = ["#e8590c", "#1971c2", "#9c36b5", "#2b8a3e", "#c2255c", "#0c8599"];
  const STATUS_TEXT = {
    solved: "solved",
    stuck: "stuck",
    "no-solution": "no solution",
    multiple: "several solutions",
    timeout: "timed out",
  };
  const GUESS_NOTE = "Backtracking guess: logic alone did not find this step; the solver tried a digit.";
  const KIND_TEXT = {
    kakuro: "Kakuro",
    killer: "Killer Sudoku",
    "greater-killer": "Greater Killer",
    kropki: "Kropki Sudoku",
    sudoku: "Sudoku",
  };

  // ---------------------------------------------------------------- DOM helpers

  /**
   * Text as the page shows it: control, format and separator characters (an
   * escape sequence, a bidirectional override that would turn the rest of the
   * line around, U+2028...) are written as \\xNN / \\uNNNN, as the command line
   * does; the trace itself (the JSON in the page) keeps them exactly.
   */
  const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Co}\p{Cn}]/gu;

  function printable(text) {
    return String(text).replace(UNSHOWN, (ch) => {
      const code = ch.codePointAt(0);
      if (code === 10) return ch;
      if (code < 0x100) return `\\x${code.toString(16).padStart(2, "0")}`;
      if (code < 0x10000) return `\\u${code.toString(16).padStart(4, "0")}`;
      return `\\U${code.toString(16).padStart(8, "0")}`;
    });
  }

  function shown(children) {
    return children.flat().filter((c) => c !== null && c !== undefined && c !== false)
      .map((c) => (typeof c === "string" ? printable(c) : c));
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    setAttrs(node, attrs);
    node.append(...shown(children));
    return node;
  }

  function svg(tag, attrs = {}, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    setAttrs(node, attrs);
    node.append(...shown(children));
    return node;
  }

  function setAttrs(node, attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = printable(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
  }

  // ---------------------------------------------------------------- cells

  function cellName(r, c) {
    return `r${r + 1}c${c + 1}`;
  }

  function parseCell(name) {
    const m = /^r(\d+)c(\d+)$/.exec(String(name).trim().toLowerCase());
    return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
  }

  function digitsOf(mask) {
    const out = [];
    for (let d = 1; d <= 9; d++) if (mask & (1 << d)) out.push(d);
    return out;
  }

  function maskOf(digits) {
    let mask = 0;
    for (const d of digits || []) if (d >= 1 && d <= 9) mask |= 1 << d;
    return mask;
  }

  /** The mask of the digits 1..max. */
  function allDigits(max) {
    let mask = 0;
    for (let d = 1; d <= max; d++) mask |= 1 << d;
    return mask;
  }

  // ---------------------------------------------------------------- board model

  /** The fixed picture of a puzzle: geometry, clues, cages, dots and relations. */
  function buildBoard(trace) {
    const puzzle = trace.puzzle || {};
    const kind = trace.kind || puzzle.kind || "sudoku";
    const board = {
      kind, height: 0, width: 0, maxDigit: 9, boxes: null, blockOf: null,
      cells: [], index: new Map(), clues: [], blocks: [], cages: [], dots: [], relations: [], cageOf: new Map(),
      info: puzzleInfo(puzzle),
    };
    if (kind === "kakuro") readKakuro(puzzle, board);
    else readSquare(puzzle, board);
    return board;
  }

  /**
   * The puzzle's identity as its setter gave it: ``{title, author, rules}``
   * (strings, empty when absent). The one place that knows where a puzzle
   * record keeps them: ``info`` (the model's, from f-puzzles and SudokuPad
   * data) first, then the same names at the top of the record.
   */
  function puzzleInfo(record) {
    const puzzle = record && typeof record === "object" ? record : {};
    const info = puzzle.info && typeof puzzle.info === "object" ? puzzle.info : {};
    const pick = (name) => {
      for (const value of [info[name], puzzle[name]]) {
        if (typeof value === "string" && value.trim()) return value.trim();
        if (Array.isArray(value) && value.every((v) => typeof v === "string") && value.join("").trim()) return value.join("\n").trim();
      }
      return "";
    };
    return { title: pick("title"), author: pick("author"), rules: pick("rules") };
  }

  /** What a screen reader says of a cell: its name, digit or marks, and its cage with the total. */
  function cellLabel(board, i, digit, centre, corner) {
    const cell = board.cells[i];
    const parts = [`row ${cell.r + 1}, column ${cell.c + 1}`];
    if (digit) parts.push(cell.given ? `given ${digit}` : `${digit}`);
    else {
      const c = digitsOf(centre || 0);
      const k = digitsOf(corner || 0);
      if (!c.length && !k.length) parts.push("empty");
      if (c.length) parts.push(`centre marks ${c.join(" ")}`);
      if (k.length) parts.push(`corner marks ${k.join(" ")}`);
    }
    const cage = board.cageOf.get(cell.name);
    if (cage) {
      const hasSum = cage.sum !== null && cage.sum !== undefined;
      parts.push(`cage ${cage.label || ""}${hasSum ? ` total ${cage.sum}` : " without a total"}`.replace("  ", " "));
    } else if (board.cages.length) parts.push("in no cage");
    return parts.join(", ");
  }

  function addCell(board, r, c, given) {
    board.index.set(cellName(r, c), board.cells.length);
    board.cells.push({ r, c, name: cellName(r, c), given });
  }

  function readKakuro(puzzle, board) {
    const rows = (puzzle.grid || []).map((line) => String(line).trim().split(/\s+/));
    board.height = puzzle.height || rows.length;
    board.width = puzzle.width || Math.max(0, ...rows.map((r) => r.length));
    rows.forEach((tokens, r) => tokens.forEach((tok, c) => {
      if (tok === "#") board.blocks.push({ r, c });
      else if (tok.includes("\\")) {
        const [down, across] = tok.split("\\");
        board.clues.push({ r, c, down: down || "", across: across || "" });
      } else addCell(board, r, c, /^[1-9]$/.test(tok) ? Number(tok) : 0);
    }));
  }

  function readSquare(puzzle, board) {
    const n = puzzle.size || 9;
    const givens = puzzle.givens || "";
    board.height = n;
    board.width = n;
    board.maxDigit = n;
    if (Array.isArray(puzzle.regions)) board.blockOf = regionMap(puzzle.regions, n);
    else board.boxes = boxShape(n, puzzle.box);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const ch = givens[r * n + c] || ".";
        const d = /^[1-9]$/.test(ch) ? Number(ch) : 0;
        addCell(board, r, c, d <= n ? d : 0);
      }
    }
    for (const cage of puzzle.cages || []) {
      const entry = { label: cage.label, sum: cage.sum, cells: (cage.cells || []).map(parseCell).filter(Boolean) };
      board.cages.push(entry);
      for (const [r, c] of entry.cells) board.cageOf.set(cellName(r, c), entry);
    }
    for (const [colour, list] of [["white", puzzle.white], ["black", puzzle.black]]) {
      for (const [a, b] of list || []) {
        const pa = parseCell(a);
        const pb = parseCell(b);
        if (pa && pb) board.dots.push({ colour, a: pa, b: pb, names: [a, b] });
      }
    }
    board.relations = (puzzle.relations || []).map((rel) => ({ ...rel }));
  }

  /** [rows, columns] of a box: the record's "RxC" when it tiles the grid, else the usual shape (none for 5 and 7). */
  function boxShape(n, box) {
    const m = /^(\d+)x(\d+)$/.exec(String(box || ""));
    if (m && Number(m[1]) * Number(m[2]) === n) return [Number(m[1]), Number(m[2])];
    const shapes = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3] };
    return shapes[n] || null;
  }

  /** For irregular regions (lists of cell names): the region number of each "r,c" (-1: none). */
  function regionMap(regions, n) {
    const owner = new Map();
    regions.forEach((cells, i) => {
      for (const name of cells || []) {
        const pos = parseCell(name);
        if (pos && pos[0] < n && pos[1] < n) owner.set(`${pos[0]},${pos[1]}`, i);
      }
    });
    return (r, c) => (owner.has(`${r},${c}`) ? owner.get(`${r},${c}`) : -1);
  }

  // ---------------------------------------------------------------- states

  /**
   * The candidate state after each step: states[k] is the grid after steps 1..k.
   * Each state holds one candidate mask and one digit per cell (0: not placed).
   */
  function buildStates(board, steps, position) {
    const n = board.cells.length;
    const first = { cands: new Uint16Array(n), values: new Uint8Array(n) };
    board.cells.forEach((cell, i) => {
      first.cands[i] = cell.given ? maskOf([cell.given]) : allDigits(board.maxDigit);
      first.values[i] = cell.given;
    });
    if (position) startFromPosition(board, first, position);
    const states = [first];
    const unknown = new Set();
    steps.forEach((step) => {
      const prev = states[states.length - 1];
      const next = { cands: Uint16Array.from(prev.cands), values: Uint8Array.from(prev.values) };
      for (const [name, digit] of step.placements || []) {
        const i = board.index.get(name);
        if (i === undefined) { unknown.add(name); continue; }
        next.values[i] = digit;
        next.cands[i] = maskOf([digit]);
      }
      for (const [name, digits] of step.eliminations || []) {
        const i = board.index.get(name);
        if (i === undefined) { unknown.add(name); continue; }
        next.cands[i] &= ~maskOf(digits);
      }
      states.push(next);
    });
    if (unknown.size) console.warn(`sumlogic viewer: steps name cells that are not playable: ${[...unknown].join(", ")}`);
    return states;
  }

  /** A trace from a person's position ("position": {placed, candidates}): their digits (marked as theirs) and candidates. */
  function startFromPosition(board, first, position) {
    for (const [name, digit] of Object.entries(position.placed || {})) {
      const i = board.index.get(name);
      if (i === undefined) continue;
      board.cells[i].user = true;
      first.values[i] = digit;
      first.cands[i] = maskOf([digit]);
    }
    for (const [name, digits] of Object.entries(position.candidates || {})) {
      const i = board.index.get(name);
      if (i !== undefined && !first.values[i]) first.cands[i] = maskOf(digits);
    }
  }

  // ---------------------------------------------------------------- geometry helpers

  function keyOf(r, c) {
    return `${r},${c}`;
  }

  /**
   * The outline of a set of cells, drawn `inset` units inside its border, as
   * an SVG path of separate segments (works for any polyomino, holes included).
   */
  function outlinePath(cells, inset) {
    const set = new Set(cells.map(([r, c]) => keyOf(r, c)));
    const has = (r, c) => set.has(keyOf(r, c));
    const end = (open, diagonal, edge, inward) => (open ? edge + inward : diagonal ? edge - inward : edge);
    const parts = [];
    for (const [r, c] of cells) {
      const x0 = c * CELL;
      const y0 = r * CELL;
      const x1 = x0 + CELL;
      const y1 = y0 + CELL;
      if (!has(r - 1, c)) {
        const y = y0 + inset;
        parts.push(`M${end(!has(r, c - 1), has(r - 1, c - 1), x0, inset)} ${y}H${end(!has(r, c + 1), has(r - 1, c + 1), x1, -inset)}`);
      }
      if (!has(r + 1, c)) {
        const y = y1 - inset;
        parts.push(`M${end(!has(r, c - 1), has(r + 1, c - 1), x0, inset)} ${y}H${end(!has(r, c + 1), has(r + 1, c + 1), x1, -inset)}`);
      }
      if (!has(r, c - 1)) {
        const x = x0 + inset;
        parts.push(`M${x} ${end(!has(r - 1, c), has(r - 1, c - 1), y0, inset)}V${end(!has(r + 1, c), has(r + 1, c - 1), y1, -inset)}`);
      }
      if (!has(r, c + 1)) {
        const x = x1 - inset;
        parts.push(`M${x} ${end(!has(r - 1, c), has(r - 1, c + 1), y0, inset)}V${end(!has(r + 1, c), has(r + 1, c + 1), y1, -inset)}`);
      }
    }
    return parts.join("");
  }

  function topLeft(cells) {
    return cells.reduce((best, cell) => (cell[0] < best[0] || (cell[0] === best[0] && cell[1] < best[1]) ? cell : best));
  }

  /** The middle between two cells' centres: on their shared edge when they touch. */
  function edgeMid(a, b) {
    return [((a[1] + b[1]) / 2 + 0.5) * CELL, ((a[0] + b[0]) / 2 + 0.5) * CELL];
  }

  // ---------------------------------------------------------------- board drawing

  /**
   * The SVG for one view: `state` is the grid before the shown step and
   * `marks` the step (or sub-step) whose effects and highlights are drawn.
   */
  function drawBoard(board, state, marks, caption) {
    const w = board.width * CELL;
    const h = board.height * CELL;
    const overlay = readMarks(board, marks);
    return svg("svg", {
      class: `sl-board sl-kind-${board.kind}`,
      viewBox: `${-MARGIN} ${-MARGIN} ${w + MARGIN + 4} ${h + MARGIN + 4}`,
      role: "img",
      "aria-label": caption,
    },
    svg("title", { text: caption }),
    drawAxes(board),
    drawCells(board, overlay),
    drawGridLines(board),
    drawCages(board),
    drawRegions(overlay),
    drawDots(board),
    drawRelations(board),
    drawContents(board, state, overlay),
    window.SumlogicArrows ? window.SumlogicArrows.draw(board, marks, CELL, board.cages.length > 0) : null);
  }

  /** What a step marks on the board, indexed by cell. */
  function readMarks(board, marks) {
    const overlay = {
      placed: new Map(), eliminated: new Map(), cells: new Set(), candidates: new Map(), regions: [],
      guess: Boolean(marks && marks.technique === "guess"),
    };
    if (!marks) return overlay;
    const idx = (name) => board.index.get(name);
    for (const [name, digit] of marks.placements || []) if (idx(name) !== undefined) overlay.placed.set(idx(name), digit);
    for (const [name, digits] of marks.eliminations || []) {
      if (idx(name) !== undefined) overlay.eliminated.set(idx(name), (overlay.eliminated.get(idx(name)) || 0) | maskOf(digits));
    }
    const hl = marks.highlights || {};
    for (const name of hl.cells || []) overlay.cells.add(name);
    for (const [name, digits] of hl.candidates || []) {
      if (idx(name) !== undefined) overlay.candidates.set(idx(name), (overlay.candidates.get(idx(name)) || 0) | maskOf(digits));
    }
    (hl.regions || []).forEach((region, i) => {
      const cells = (region.cells || []).map(parseCell).filter(Boolean);
      if (cells.length) overlay.regions.push({ name: region.name || "", cells, colour: REGION_COLOURS[i % REGION_COLOURS.length] });
    });
    return overlay;
  }

  function drawAxes(board) {
    const g = svg("g", { class: "sl-axes", "aria-hidden": "true" });
    for (let c = 0; c < board.width; c++) g.append(svg("text", { x: (c + 0.5) * CELL, y: -MARGIN / 2, text: `c${c + 1}` }));
    for (let r = 0; r < board.height; r++) g.append(svg("text", { x: -MARGIN / 2, y: (r + 0.5) * CELL, text: `r${r + 1}` }));
    return g;
  }

  function drawCells(board, overlay) {
    const g = svg("g", { class: "sl-cells" });
    for (const block of board.blocks) {
      g.append(svg("rect", { class: "sl-block", x: block.c * CELL, y: block.r * CELL, width: CELL, height: CELL }));
    }
    for (const clue of board.clues) g.append(drawClue(clue));
    board.cells.forEach((cell, i) => {
      const classes = ["sl-cell"];
      if (overlay.cells.has(cell.name)) classes.push("is-highlighted");
      if (overlay.placed.has(i)) classes.push(overlay.guess ? "is-guessed" : "is-placed-now");
      g.append(svg("rect", {
        class: classes.join(" "), "data-cell": cell.name,
        x: cell.c * CELL, y: cell.r * CELL, width: CELL, height: CELL,
      }));
    });
    return g;
  }

  function drawClue(clue) {
    const x = clue.c * CELL;
    const y = clue.r * CELL;
    const name = cellName(clue.r, clue.c);
    const label = [clue.down && `down ${clue.down}`, clue.across && `across ${clue.across}`].filter(Boolean).join(", ");
    return svg("g", { class: "sl-clue", "data-clue": name },
      svg("title", { text: `${name}: ${label || "no clue"}` }),
      svg("rect", { x, y, width: CELL, height: CELL }),
      svg("line", { x1: x, y1: y, x2: x + CELL, y2: y + CELL }),
      clue.down && svg("text", { class: "sl-clue-down", x: x + CELL * 0.3, y: y + CELL * 0.74, text: clue.down }),
      clue.across && svg("text", { class: "sl-clue-across", x: x + CELL * 0.7, y: y + CELL * 0.3, text: clue.across }));
  }

  function drawGridLines(board) {
    const g = svg("g", { class: "sl-grid", "aria-hidden": "true" });
    const w = board.width * CELL;
    const h = board.height * CELL;
    if (board.kind === "kakuro") {
      const playable = [...board.cells, ...board.clues].map((cell) => [cell.r, cell.c]);
      for (const [r, c] of playable) {
        g.append(svg("rect", { class: "sl-line", x: c * CELL, y: r * CELL, width: CELL, height: CELL, fill: "none" }));
      }
      g.append(svg("rect", { class: "sl-line-thick", x: 0, y: 0, width: w, height: h, fill: "none" }));
      return g;
    }
    if (board.blockOf) return drawRegionLines(board, g, w, h);
    const [bh, bw] = board.boxes || [0, 0];
    for (let i = 1; i < board.width; i++) {
      g.append(svg("line", { class: bw && i % bw === 0 ? "sl-line-thick" : "sl-line", x1: i * CELL, y1: 0, x2: i * CELL, y2: h }));
    }
    for (let i = 1; i < board.height; i++) {
      g.append(svg("line", { class: bh && i % bh === 0 ? "sl-line-thick" : "sl-line", x1: 0, y1: i * CELL, x2: w, y2: i * CELL }));
    }
    g.append(svg("rect", { class: "sl-line-thick", x: 0, y: 0, width: w, height: h, fill: "none" }));
    return g;
  }

  /** Thin lines between all cells, thick ones between cells of different irregular regions. */
  function drawRegionLines(board, g, w, h) {
    for (let i = 1; i < board.width; i++) g.append(svg("line", { class: "sl-line", x1: i * CELL, y1: 0, x2: i * CELL, y2: h }));
    for (let i = 1; i < board.height; i++) g.append(svg("line", { class: "sl-line", x1: 0, y1: i * CELL, x2: w, y2: i * CELL }));
    const block = board.blockOf;
    for (let r = 0; r < board.height; r++) {
      for (let c = 0; c < board.width; c++) {
        if (c + 1 < board.width && block(r, c) !== block(r, c + 1)) {
          g.append(svg("line", { class: "sl-line-thick", x1: (c + 1) * CELL, y1: r * CELL, x2: (c + 1) * CELL, y2: (r + 1) * CELL }));
        }
        if (r + 1 < board.height && block(r, c) !== block(r + 1, c)) {
          g.append(svg("line", { class: "sl-line-thick", x1: c * CELL, y1: (r + 1) * CELL, x2: (c + 1) * CELL, y2: (r + 1) * CELL }));
        }
      }
    }
    g.append(svg("rect", { class: "sl-line-thick", x: 0, y: 0, width: w, height: h, fill: "none" }));
    return g;
  }

  let masks = 0;

  /**
   * Each cage of the setter (a cell outside every cage gets none): a dashed
   * outline inside its border and, as SudokuPad draws it, its total in the
   * top-left corner on the cells' background, the outline stopping short of it.
   */
  function drawCages(board) {
    const g = svg("g", { class: "sl-cages" });
    for (const cage of board.cages) {
      if (!cage.cells.length) continue;
      const [r, c] = topLeft(cage.cells);
      const hasSum = cage.sum !== null && cage.sum !== undefined;
      const title = `cage ${cage.label}${hasSum ? `: total ${cage.sum}` : ": no total"} (${cage.cells.map(([a, b]) => cellName(a, b)).join(" ")})`;
      const tag = cageTag(board, cage, hasSum, c * CELL + 2, r * CELL + 1.5);
      const path = svg("path", { d: outlinePath(cage.cells, 5) });
      const parts = [svg("title", { text: title })];
      if (tag) {
        masks += 1;
        const id = `sl-cage-mask-${masks}`;
        const chars = (cage.label ? String(cage.label).length + 1 : 0) + (hasSum ? String(cage.sum).length : 0);
        // wide enough for the total at the play page's larger phone size too (15 units a digit's height)
        const w = 4 + chars * 9;
        parts.push(svg("mask", { id, maskUnits: "userSpaceOnUse", x: -MARGIN, y: -MARGIN, width: board.width * CELL + 2 * MARGIN, height: board.height * CELL + 2 * MARGIN },
          svg("rect", { x: -MARGIN, y: -MARGIN, width: board.width * CELL + 2 * MARGIN, height: board.height * CELL + 2 * MARGIN, fill: "#fff" }),
          svg("rect", { class: "sl-cage-sum-box", x: c * CELL, y: r * CELL, width: w, height: 18, fill: "#000" })));
        path.setAttribute("mask", `url(#${id})`);
      }
      parts.push(path, tag);
      g.append(svg("g", { class: "sl-cage", "data-cage": cage.label }, parts));
    }
    return g;
  }

  /** The corner text of a cage: its label (the step sentences say "cage b"), then its total. */
  function cageTag(board, cage, hasSum, x, y) {
    const labelled = Boolean(cage.label);
    if (!hasSum && !labelled) return null;
    return svg("text", { class: "sl-cage-sum", x, y },
      labelled ? svg("tspan", { class: "sl-cage-label", text: hasSum ? `${cage.label} ` : cage.label }) : null,
      hasSum ? String(cage.sum) : null);
  }

  function drawRegions(overlay) {
    const g = svg("g", { class: "sl-regions" });
    for (const region of overlay.regions) {
      g.append(svg("path", {
        class: "sl-region", "data-region": region.name, stroke: region.colour, d: outlinePath(region.cells, 2.5),
      }, svg("title", { text: region.name })));
    }
    return g;
  }

  function drawDots(board) {
    const g = svg("g", { class: "sl-dots" });
    for (const dot of board.dots) {
      const [x, y] = edgeMid(dot.a, dot.b);
      const meaning = dot.colour === "white" ? "digits differ by 1" : "one digit is twice the other";
      g.append(svg("circle", { class: `sl-dot sl-dot-${dot.colour}`, cx: x, cy: y, r: CELL * 0.11, "data-dot": dot.names.join("-") },
        svg("title", { text: `${dot.colour} dot ${dot.names.join("-")}: ${meaning}` })));
    }
    return g;
  }

  // ---------------------------------------------------------------- Greater Killer relations

  /**
   * Each relation "sum of cage A op sum of cage B" is drawn between the two
   * cages it joins: a chevron on an edge they share; cages that do not touch
   * get a tag inside each of them instead (for "a > k": ">k" in cage a and
   * "<a" in cage k, on the line of the cage's label), never a line across
   * cells of other cages.
   */
  function drawRelations(board) {
    const g = svg("g", { class: "sl-relations" });
    const cages = new Map(board.cages.map((cage) => [cage.label, cage]));
    const tagged = new Map();  // cage label -> relation tags already placed in it
    for (const rel of board.relations) {
      const left = cages.get(rel.left);
      const right = cages.get(rel.right);
      if (!left || !right) continue;
      const edge = sharedEdge(left.cells, right.cells);
      const mark = edge ? drawRelation(edge[0], edge[1], rel.op)
        : svg("g", { class: "sl-relation is-apart" },
          relationTag(left, rel.op, rel.right, tagged), relationTag(right, flipOp(rel.op), rel.left, tagged));
      mark.prepend(svg("title", { text: `sum of cage ${rel.left} ${rel.op} sum of cage ${rel.right}` }));
      mark.setAttribute("data-relation", `${rel.left}${rel.op}${rel.right}`);
      g.append(mark);
    }
    return g;
  }

  /** The relation seen from the other cage. */
  function flipOp(op) {
    return op === "<" ? ">" : op === ">" ? "<" : op;
  }

  /** The middle one of the cell pairs [a, b] (a in the first cage) that share an edge, or null. */
  function sharedEdge(leftCells, rightCells) {
    const touching = [];
    for (const a of leftCells) {
      for (const b of rightCells) {
        if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) === 1) touching.push([a, b]);
      }
    }
    return touching.length ? touching[Math.floor((touching.length - 1) / 2)] : null;
  }

  /** "op other" in the cage's top-left cell, right-aligned on the label's line, one more per relation. */
  function relationTag(cage, op, other, tagged) {
    const count = tagged.get(cage.label) || 0;
    tagged.set(cage.label, count + 1);
    const [r, c] = topLeft(cage.cells);
    const x = (c + 1) * CELL - 3;
    const y = r * CELL + 4 + count * 11;
    return svg("text", { class: "sl-relation-tag", x, y, "data-cage": cage.label, text: `${op}${other}` });
  }

  /** A chevron (or an equals sign) on the edge between cells a and b of two cages. */
  function drawRelation(a, b, op) {
    const g = svg("g", { class: "sl-relation" });
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const u = [(b[1] - a[1]) / len, (b[0] - a[0]) / len];
    const v = [-u[1], u[0]];
    const [mx, my] = edgeMid(a, b);
    const s = CELL * 0.11;
    let d;
    if (op === "=") {
      d = `M${mx - s} ${my - s * 0.45}H${mx + s}M${mx - s} ${my + s * 0.45}H${mx + s}`;
    } else {
      // The point of the chevron faces the cage with the smaller total, as in "<".
      const sign = op === "<" ? -1 : 1;
      const apex = [mx + sign * u[0] * s, my + sign * u[1] * s];
      const back = [mx - sign * u[0] * s, my - sign * u[1] * s];
      d = `M${back[0] + v[0] * s * 1.2} ${back[1] + v[1] * s * 1.2}L${apex[0]} ${apex[1]}L${back[0] - v[0] * s * 1.2} ${back[1] - v[1] * s * 1.2}`;
    }
    g.append(svg("path", { class: "sl-relation-halo", d }), svg("path", { class: "sl-relation-mark", d }));
    return g;
  }

  function drawContents(board, state, overlay) {
    const g = svg("g", { class: "sl-contents" });
    board.cells.forEach((cell, i) => {
      const x = cell.c * CELL;
      const y = cell.r * CELL;
      const group = svg("g", { "data-cell": cell.name });
      if (overlay.placed.has(i)) {
        const cls = overlay.guess ? "sl-digit is-guessed" : "sl-digit is-placed-now";
        group.append(svg("text", { class: cls, x: x + CELL / 2, y: y + CELL / 2, "data-digit": overlay.placed.get(i), text: overlay.placed.get(i) }));
      } else if (state.values[i]) {
        const cls = cell.given ? "sl-digit is-given" : cell.user ? "sl-digit is-user" : "sl-digit is-placed";
        group.append(svg("text", { class: cls, x: x + CELL / 2, y: y + CELL / 2, "data-digit": state.values[i], text: state.values[i] }));
      } else {
        drawCandidates(group, x, y, state.cands[i], overlay.eliminated.get(i) || 0, overlay.candidates.get(i) || 0, board.cages.length > 0);
      }
      g.append(group);
    });
    return g;
  }

  /** Pencil marks in a 3x3 layout; in caged puzzles the layout leaves the top-left corner to the cage total. */
  function drawCandidates(group, x, y, cands, eliminated, highlighted, caged) {
    const [x0, dx, y0, dy] = caged ? [0.32, 0.215, 0.36, 0.21] : [0.24, 0.26, 0.27, 0.245];
    for (const d of digitsOf(cands | eliminated)) {
      const cx = x + CELL * (x0 + dx * ((d - 1) % 3));
      const cy = y + CELL * (y0 + dy * Math.floor((d - 1) / 3));
      const gone = Boolean(eliminated & (1 << d));
      if (highlighted & (1 << d)) group.append(svg("circle", { class: "sl-cand-mark", cx, cy, r: CELL * 0.1 }));
      else if (gone) group.append(svg("circle", { class: "sl-cand-gone", cx, cy, r: CELL * 0.1 }));
      const cls = ["sl-cand"];
      if (gone) cls.push("is-eliminated");
      if (highlighted & (1 << d)) cls.push("is-marked");
      group.append(svg("text", { class: cls.join(" "), x: cx, y: cy, "data-digit": d, text: d }));
      if (gone) {
        const r = CELL * 0.09;
        group.append(svg("line", { class: "sl-strike", x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r }));
      }
    }
  }

  // ---------------------------------------------------------------- text panels

  function techniqueLabel(step) {
    return step.name || step.technique || "step";
  }

  function summarise(trace) {
    const counts = new Map();
    for (const step of trace.steps || []) {
      const key = techniqueLabel(step);
      const entry = counts.get(key) || { name: key, level: step.level, count: 0, guess: step.technique === "guess" };
      entry.count += 1;
      counts.set(key, entry);
    }
    return [...counts.values()].sort((a, b) => (a.level ?? 99) - (b.level ?? 99) || b.count - a.count || a.name.localeCompare(b.name));
  }

  function drawSummary(trace, board) {
    const status = trace.status || "unknown";
    const facts = [
      el("span", { class: "sl-kind", text: KIND_TEXT[board.kind] || board.kind }),
      el("span", { class: `sl-status sl-status-${status}`, "data-status": status, text: STATUS_TEXT[status] || status }),
    ];
    if (trace.by_logic === true) facts.push(el("span", { class: "sl-fact", text: "by logic alone" }));
    if (trace.by_logic === false) facts.push(el("span", { class: "sl-fact sl-fact-warn", text: "needed guesses" }));
    const grade = trace.grade;
    if (grade && typeof grade === "object") {
      const bits = [
        grade.band,
        grade.level !== undefined && `level ${grade.level}`,
        grade.score !== undefined && `score ${grade.score}`,
      ].filter(Boolean);
      facts.push(el("span", { class: "sl-fact sl-grade", text: `grade: ${bits.join(", ")}` }));
    }
    facts.push(el("span", { class: "sl-fact", text: `${(trace.steps || []).length} steps` }));
    facts.push(sudokupadLink(trace));
    const rules = ruleNotes(trace, board);
    const counts = summarise(trace);
    const info = puzzleInfo(trace.puzzle);
    return el("section", { class: "sl-summary", "aria-label": "Summary" },
      el("h1", { class: "sl-title", text: info.title || trace.id || "puzzle" }),
      info.author ? el("p", { class: "sl-author", text: `by ${info.author}` }) : null,
      el("p", { class: "sl-facts" }, facts),
      info.rules ? el("p", { class: "sl-setter-rules", text: info.rules }) : null,
      typeof trace.reason === "string" && trace.reason ? el("p", { class: "sl-reason", role: "note", text: trace.reason }) : null,
      rules.length ? el("p", { class: "sl-rules" }, rules.join(" ")) : null,
      counts.length ? el("ul", { class: "sl-counts", "aria-label": "Techniques used" },
        counts.map((c) => el("li", { class: c.guess ? "sl-count is-guess" : "sl-count", title: c.level !== undefined ? `level ${c.level}` : "" },
          el("span", { class: "sl-count-name", text: c.name }), " ", el("span", { class: "sl-count-n", text: `\u00d7${c.count}` })))) : null);
  }

  // ---------------------------------------------------------------- links to other solvers

  const LINKS = new WeakMap();

  /** Pair the embedded traces with the links the page holds for them (#sumlogic-links, a parallel list). */
  function rememberLinks(traces, node) {
    let lists = [];
    try {
      lists = node ? JSON.parse(node.textContent || "[]") : [];
    } catch (error) {
      lists = [];
    }
    traces.forEach((t, i) => Array.isArray(lists) && lists[i] && typeof lists[i] === "object" && LINKS.set(t, lists[i]));
  }

  /** A plain anchor opening the trace's puzzle in SudokuPad, or null when the page holds no link for it. */
  function sudokupadLink(trace) {
    const url = (LINKS.get(trace) || {}).sudokupad;
    if (typeof url !== "string" || !url.startsWith("https://sudokupad.app/")) return null;
    return el("a", { class: "sl-fact sl-link-sudokupad", href: url, target: "_blank", rel: "noopener noreferrer",
      title: "Open this puzzle in SudokuPad", text: "SudokuPad" });
  }

  function ruleNotes(trace, board) {
    const notes = [];
    const puzzle = trace.puzzle || {};
    if (board.kind === "kropki") {
      notes.push("White dot: the digits differ by 1. Black dot: one digit is twice the other.");
      if (puzzle.negative) notes.push("Every dot is shown: neighbours without a dot are neither.");
    }
    if (board.relations.length) {
      notes.push(`Cage relations: ${board.relations.map((r) => `${r.left} ${r.op} ${r.right}`).join(", ")}.`);
    }
    return notes;
  }

  function effectList(step) {
    const items = [];
    const placements = step.placements || [];
    const eliminations = step.eliminations || [];
    if (placements.length) {
      items.push(el("dt", { text: "Placed" }), el("dd", {},
        placements.map(([cell, d]) => el("span", { class: "sl-place", text: `${cell} = ${d}` }))));
    }
    if (eliminations.length) {
      items.push(el("dt", { text: "Removed" }), el("dd", {},
        eliminations.map(([cell, ds]) => el("span", { class: "sl-elim" },
          `${cell}: `, el("del", { text: (ds || []).join(", ") })))));
    }
    const regions = ((step.highlights || {}).regions || []).filter((r) => r && r.name);
    if (regions.length) {
      items.push(el("dt", { text: "Regions" }), el("dd", {},
        regions.map((region, i) => el("span", { class: "sl-region-name" },
          el("span", { class: "sl-swatch", style: `border-color:${REGION_COLOURS[i % REGION_COLOURS.length]}`, "aria-hidden": "true" }),
          region.name))));
    }
    return items.length ? el("dl", { class: "sl-effects" }, items) : null;
  }

  // ---------------------------------------------------------------- zoom and pan

  const ZOOM_STEP = 1.25;
  const ZOOM_MIN = 0.2;
  const ZOOM_MAX = 4;

  /**
   * The board's frame with its zoom bar: "Fit" shows the whole width (the
   * default), "-" and "+" scale the board (1 = 60 px per cell), Ctrl + mouse
   * wheel zooms too, and a zoomed board scrolls or is dragged to pan.  The
   * zoom is kept across steps; `zoom.scale` null means fit to width.
   */
  function makeZoom() {
    const zoom = { scale: null, frame: null, label: null, board: null };
    zoom.frame = el("div", { class: "sl-board-frame is-fit" });
    zoom.label = el("span", { class: "sl-zoom-level", "aria-live": "off", text: "fit" });
    const button = (cls, label, text, action) => el("button", { type: "button", class: cls, "aria-label": label, onclick: action }, text);
    zoom.bar = el("div", { class: "sl-zoom", role: "group", "aria-label": "Zoom" },
      button("sl-zoom-out", "Zoom out", "\u2212", () => zoomBy(zoom, 1 / ZOOM_STEP)),
      zoom.label,
      button("sl-zoom-in", "Zoom in", "+", () => zoomBy(zoom, ZOOM_STEP)),
      button("sl-zoom-fit", "Fit to width", "Fit", () => setZoom(zoom, null)));
    zoom.frame.addEventListener("wheel", (event) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoomBy(zoom, event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, event);
    }, { passive: false });
    bindPan(zoom.frame);
    return zoom;
  }

  /** Show `board` (an SVG) in the zoom's frame at the zoom's scale. */
  function showZoomed(zoom, board) {
    zoom.board = board;
    zoom.frame.replaceChildren(board);
    applyZoom(zoom);
  }

  /** The scale shown now (the fitted one when fitting). */
  function currentScale(zoom) {
    if (zoom.scale !== null || !zoom.board) return zoom.scale || 1;
    const natural = zoom.board.viewBox.baseVal.width;
    return natural ? zoom.board.getBoundingClientRect().width / natural : 1;
  }

  function zoomBy(zoom, factor, event) {
    const before = currentScale(zoom);
    const after = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, before * factor));
    const frame = zoom.frame;
    const rect = frame.getBoundingClientRect();
    // Keep the point under the mouse (or the frame's centre) where it is.
    const px = event ? event.clientX - rect.left : frame.clientWidth / 2;
    const py = event ? event.clientY - rect.top : frame.clientHeight / 2;
    const x = (frame.scrollLeft + px) / before;
    const y = (frame.scrollTop + py) / before;
    setZoom(zoom, after);
    frame.scrollLeft = x * after - px;
    frame.scrollTop = y * after - py;
  }

  function setZoom(zoom, scale) {
    zoom.scale = scale;
    applyZoom(zoom);
  }

  function applyZoom(zoom) {
    const board = zoom.board;
    const fit = zoom.scale === null;
    zoom.frame.classList.toggle("is-fit", fit);
    zoom.label.textContent = fit ? "fit" : `${Math.round(zoom.scale * 100)}%`;
    if (!board) return;
    if (fit) {
      board.style.width = "";
      board.style.height = "";
    } else {
      const box = board.viewBox.baseVal;
      board.style.width = `${box.width * zoom.scale}px`;
      board.style.height = `${box.height * zoom.scale}px`;
    }
    zoom.frame.dataset.scale = fit ? "fit" : String(zoom.scale);
  }

  /** Drag a zoomed board to pan it (the frame scrolls). */
  function bindPan(frame) {
    let drag = null;
    frame.addEventListener("pointerdown", (event) => {
      if (frame.classList.contains("is-fit") || event.button !== 0) return;
      drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop };
      frame.classList.add("is-panning");
    });
    frame.addEventListener("pointermove", (event) => {
      if (!drag) return;
      frame.scrollLeft = drag.left - (event.clientX - drag.x);
      frame.scrollTop = drag.top - (event.clientY - drag.y);
    });
    const end = () => {
      drag = null;
      frame.classList.remove("is-panning");
    };
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointerleave", end);
  }

  // ---------------------------------------------------------------- the viewer

  class Viewer {
    constructor(root, traces, options = {}) {
      this.root = root;
      this.options = options;
      this.traces = traces;
      this.puzzle = 0;
      this.step = 0;
      this.focus = null;
      this.load(0);
      this.bindKeys();
      window.addEventListener("hashchange", () => this.readHash());
      this.readHash(true);
    }

    load(p) {
      this.puzzle = p;
      this.trace = this.traces[p];
      this.steps = this.trace.steps || [];
      this.board = buildBoard(this.trace);
      this.states = buildStates(this.board, this.steps, this.trace.position);
      this.step = 0;
      this.focus = null;
      this.layout();
      this.show(0);
    }

    layout() {
      const trace = this.trace;
      const button = (cls, label, key, text, target) => el("button", {
        type: "button", class: cls, "aria-label": label, "aria-keyshortcuts": key, onclick: () => this.go(target()),
      }, text);
      this.firstButton = button("sl-nav-first", "Start: before the first step", "Home", "\u00ab Start", () => 0);
      this.prevButton = button("sl-nav-prev", "Previous step", "ArrowLeft", "\u25c0 Previous", () => this.step - 1);
      this.nextButton = button("sl-nav-next", "Next step", "ArrowRight", "Next \u25b6", () => this.step + 1);
      this.lastButton = button("sl-nav-last", "End: last step", "End", "End \u00bb", () => this.steps.length);
      this.counter = el("span", { class: "sl-counter", "aria-live": "off" });
      this.zoom = this.zoom || makeZoom();
      this.boardBox = el("div", { class: "sl-board-box" }, this.zoom.bar, this.zoom.frame);
      this.stepBox = el("section", { class: "sl-step", "aria-live": "polite", "aria-label": "Current step" });
      this.stepList = el("ol", { class: "sl-step-list", start: 0 },
        [{ name: "Start", text: "The puzzle before any step." }, ...this.steps].map((step, k) => this.stepListItem(step, k)));
      const parts = [
        this.drawToolbar(),
        drawSummary(trace, this.board),
        el("div", { class: Math.max(this.board.width, this.board.height) > 12 ? "sl-main is-large" : "sl-main" },
          el("div", { class: "sl-left" }, this.boardBox, drawLegend()),
          el("div", { class: "sl-right" },
            el("nav", { class: "sl-nav", "aria-label": "Step navigation" },
              this.firstButton, this.prevButton, this.counter, this.nextButton, this.lastButton),
            this.stepBox,
            el("h2", { class: "sl-list-title", id: "sl-list-title", text: "All steps" }),
            el("div", { class: "sl-step-list-box", role: "region", "aria-labelledby": "sl-list-title", tabindex: "-1" }, this.stepList))),
      ];
      this.root.replaceChildren(...parts.filter(Boolean));
    }

    drawToolbar() {
      const parts = [];
      if (this.traces.length > 1) {
        const choose = (e) => {
          this.load(Number(e.target.value));
          this.writeHash();
        };
        const title = (t, i) => `${t.id || `puzzle ${i + 1}`} (${KIND_TEXT[t.kind] || t.kind}, ${STATUS_TEXT[t.status] || t.status})`;
        const select = el("select", { id: "sl-picker", class: "sl-picker", onchange: choose },
          this.traces.map((t, i) => el("option", { value: i, selected: i === this.puzzle, text: title(t, i) })));
        parts.push(el("label", { for: "sl-picker", class: "sl-picker-label", text: "Puzzle" }), select);
      }
      if (this.options.loader) parts.push(this.options.loader);
      return parts.length ? el("div", { class: "sl-toolbar" }, parts) : null;
    }

    stepListItem(step, k) {
      const guess = step.technique === "guess";
      const name = techniqueLabel(step);
      const label = k === 0 ? "Start" : `${name}${guess && !/guess/i.test(name) ? " (guess)" : ""}`;
      return el("li", { value: k },
        el("button", { type: "button", class: guess ? "sl-step-link is-guess" : "sl-step-link", "data-step": k, onclick: () => this.go(k) },
          el("span", { class: "sl-step-n", text: `${k}.` }), " ",
          el("span", { class: "sl-step-tech", text: label }), " ",
          el("span", { class: "sl-step-snippet", text: step.text || "" })));
    }

    go(k, options = {}) {
      const target = Math.max(0, Math.min(this.steps.length, Number.isFinite(k) ? k : 0));
      this.show(target);
      if (options.writeHash !== false) this.writeHash();
    }

    show(k) {
      this.step = k;
      this.focus = null;
      this.render();
      const current = this.stepList.querySelector(`[data-step="${k}"]`);
      for (const button of this.stepList.querySelectorAll("[aria-current]")) button.removeAttribute("aria-current");
      if (current) {
        current.setAttribute("aria-current", "step");
        const box = this.stepList.parentElement;
        if (box && box.scrollHeight > box.clientHeight) {
          const top = current.offsetTop - box.offsetTop;
          if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) {
            box.scrollTop = Math.max(0, top - box.clientHeight / 3);
          }
        }
      }
    }

    render() {
      const k = this.step;
      const n = this.steps.length;
      const step = k > 0 ? this.steps[k - 1] : null;
      const marks = this.focus || step;
      const base = k > 0 ? this.states[k - 1] : this.states[0];
      const kind = KIND_TEXT[this.board.kind] || this.board.kind;
      const caption = `${kind} ${this.board.height} by ${this.board.width}, ${k === 0 ? "start" : `step ${k} of ${n}`}`;
      showZoomed(this.zoom, drawBoard(this.board, base, marks, caption));
      this.counter.textContent = `Step ${k} / ${n}`;
      this.prevButton.disabled = k === 0;
      this.firstButton.disabled = k === 0;
      this.nextButton.disabled = k === n;
      this.lastButton.disabled = k === n;
      this.stepBox.replaceChildren(...(step ? this.stepPanel(step, k, n) : this.startPanel(n)));
    }

    startPanel(n) {
      const givens = this.board.cells.filter((c) => c.given).length;
      const open = this.board.cells.length - givens;
      if (this.trace.position) return this.positionPanel(n, givens);
      return [
        el("p", { class: "sl-step-count", text: `Start (${n} steps follow)` }),
        el("h2", { class: "sl-step-title" }, el("span", { class: "sl-technique", text: "The puzzle" })),
        el("p", {
          class: "sl-step-text",
          text: `${plural(givens, "given digit")}; ${plural(open, "open cell")}, each with candidates 1 to ${this.board.maxDigit}. `
            + "Press Next or \u2192 to see the first step.",
        }),
      ];
    }

    positionPanel(n, givens) {
      const mine = this.board.cells.filter((c) => c.user).length;
      const open = this.board.cells.length - givens - mine;
      return [
        el("p", { class: "sl-step-count", text: `Start (${n} steps follow)` }),
        el("h2", { class: "sl-step-title" }, el("span", { class: "sl-technique", text: "Your position" })),
        el("p", {
          class: "sl-step-text",
          text: `${plural(givens, "given digit")}, ${plural(mine, "digit")} of yours (in violet), ${plural(open, "open cell")} with your candidates. `
            + "Press Next or \u2192 to see the next step from here.",
        }),
      ];
    }

    stepPanel(step, k, n) {
      const guess = step.technique === "guess";
      const title = el("h2", { class: "sl-step-title" },
        el("span", { class: "sl-technique", text: techniqueLabel(step) }),
        step.level !== undefined ? el("span", { class: "sl-level", text: `level ${step.level}` }) : null,
        guess ? el("span", { class: "sl-guess-badge", text: "guess" }) : null);
      const parts = [
        el("p", { class: "sl-step-count", text: `Step ${k} of ${n}` }),
        title,
        guess ? el("p", { class: "sl-guess-note", role: "note", text: GUESS_NOTE }) : null,
        el("p", { class: "sl-step-text", text: step.text || "" }),
        effectList(step),
      ];
      if ((step.sub_steps || []).length) parts.push(this.chainPanel(step));
      if (k === n && this.trace.status && this.trace.status !== "solved") {
        parts.push(el("p", { class: "sl-end-note", text: `The trace ends here: ${STATUS_TEXT[this.trace.status] || this.trace.status}.` }));
      }
      return parts.filter(Boolean);
    }

    chainPanel(step) {
      const count = countSubSteps(step.sub_steps);
      return el("details", { class: "sl-chain", open: true },
        el("summary", { text: `Chain (${count} step${count === 1 ? "" : "s"}): select one to show it on the board` }),
        this.chainList(step.sub_steps));
    }

    chainList(subSteps) {
      return el("ol", { class: "sl-chain-list" }, subSteps.map((sub) => {
        const pressed = this.focus === sub;
        return el("li", {},
          el("button", {
            type: "button", class: "sl-sub", "aria-pressed": pressed ? "true" : "false",
            onclick: () => { this.focus = this.focus === sub ? null : sub; this.render(); },
          },
          el("span", { class: "sl-sub-tech", text: techniqueLabel(sub) }), " ",
          el("span", { class: "sl-sub-text", text: sub.text || "" })),
          (sub.sub_steps || []).length ? this.chainList(sub.sub_steps) : null);
      }));
    }

    bindKeys() {
      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey) return;
        const t = event.target;
        if (t && (t.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName))) return;
        const moves = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: this.steps.length };
        if (!(event.key in moves)) return;
        event.preventDefault();
        this.go(moves[event.key]);
      });
    }

    writeHash() {
      // keep what other pages put in the address (the server's step viewer keeps its position, p=...)
      const params = new URLSearchParams(location.hash.replace(/^#/, ""));
      params.delete("puzzle");
      params.delete("step");
      if (this.traces.length > 1) params.set("puzzle", String(this.puzzle + 1));
      params.set("step", String(this.step));
      const hash = `#${params.toString()}`;
      if (location.hash === hash) return;
      try {
        history.replaceState(null, "", hash);
      } catch (error) {
        location.hash = hash;
      }
    }

    readHash(initial = false) {
      const params = new URLSearchParams(location.hash.replace(/^#/, ""));
      const p = Number.parseInt(params.get("puzzle") || "1", 10) - 1;
      if (Number.isInteger(p) && p >= 0 && p < this.traces.length && p !== this.puzzle) {
        this.load(p);
        const picker = this.root.querySelector("#sl-picker");
        if (picker) picker.value = String(p);
      }
      const k = Number.parseInt(params.get("step") || "", 10);
      if (Number.isInteger(k) && k !== this.step) this.go(k, { writeHash: !initial });
      else if (!initial && !Number.isInteger(k)) this.writeHash();
    }
  }

  function plural(n, noun) {
    return `${n} ${noun}${n === 1 ? "" : "s"}`;
  }

  function countSubSteps(list) {
    return (list || []).reduce((n, s) => n + 1 + countSubSteps(s.sub_steps), 0);
  }

  function drawLegend() {
    const items = [
      ["sl-key-given", "5", "given"],
      ["sl-key-placed", "5", "placed earlier"],
      ["sl-key-now", "5", "placed in this step"],
      ["sl-key-elim", "5", "candidate removed"],
      ["sl-key-hl", "", "highlighted cell"],
      ["sl-key-cand", "5", "candidate used"],
    ];
    return el("ul", { class: "sl-legend", "aria-label": "Legend" },
      items.map(([cls, sample, text]) => el("li", {}, el("span", { class: `sl-key ${cls}`, "aria-hidden": "true", text: sample }), ` ${text}`)),
      el("li", {}, el("span", { class: "sl-key sl-key-region", "aria-hidden": "true" }), " region of the step"));
  }

  // ---------------------------------------------------------------- reading traces

  /** Traces from JSON text: one object, a list of objects, or JSON Lines. */
  function parseTraces(text) {
    const trimmed = text.trim();
    let data;
    try {
      data = JSON.parse(trimmed);
    } catch (error) {
      data = trimmed.split(/\r?\n/).filter((line) => line.trim()).map((line) => JSON.parse(line));
    }
    const list = Array.isArray(data) ? data : [data];
    for (const [i, t] of list.entries()) {
      if (!t || typeof t !== "object" || !t.puzzle || !Array.isArray(t.steps)) {
        throw new Error(`item ${i + 1} is not a sumlogic trace (it needs "puzzle" and "steps")`);
      }
    }
    if (!list.length) throw new Error("the file holds no trace");
    return list;
  }

  function makeLoader(onTraces) {
    const status = el("span", { class: "sl-load-status", role: "status" });
    const readFile = (file) => {
      file.text().then((text) => {
        onTraces(parseTraces(text));
        status.textContent = printable(`Opened ${file.name}.`);
      }).catch((error) => {
        status.textContent = printable(`Could not open ${file.name}: ${error.message}`);
        status.classList.add("is-error");
      });
    };
    const input = el("input", {
      type: "file", id: "sl-file", accept: ".json,.jsonl,application/json",
      onchange: (e) => e.target.files[0] && readFile(e.target.files[0]),
    });
    document.addEventListener("dragover", (e) => { e.preventDefault(); document.body.classList.add("sl-dragging"); });
    document.addEventListener("dragleave", () => document.body.classList.remove("sl-dragging"));
    document.addEventListener("drop", (e) => {
      e.preventDefault();
      document.body.classList.remove("sl-dragging");
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (file) readFile(file);
    });
    return el("span", { class: "sl-loader" },
      el("label", { for: "sl-file", text: "Open a trace file (.json, or drop it here)" }), " ", input, " ", status);
  }

  function start() {
    const root = document.getElementById("sumlogic-viewer");
    if (!root) return;
    const data = document.getElementById("sumlogic-traces");
    let traces = [];
    let problem = "";
    if (data && data.textContent.trim()) {
      try {
        traces = parseTraces(data.textContent);
        rememberLinks(traces, document.getElementById("sumlogic-links"));
      } catch (error) {
        problem = `The embedded trace could not be read: ${error.message}`;
      }
    }
    let viewer = null;
    let loader = null;
    const open = (list) => {
      if (viewer) {
        viewer.traces = list;
        viewer.load(0);
        viewer.writeHash();
      } else {
        viewer = new Viewer(root, list, { loader });
      }
    };
    if (root.hasAttribute("data-loader")) loader = makeLoader(open);
    if (traces.length) open(traces);
    else {
      const empty = el("p", { class: "sl-empty", text: problem || "No trace to show yet: open one." });
      root.replaceChildren(...[loader && el("div", { class: "sl-toolbar" }, loader), empty].filter(Boolean));
    }
  }

  // The board model and its drawing, for other pages of sumlogic (the play page of `sumlogic serve`).
  /** Show ``traces`` with the step viewer in ``root`` (the step viewer page of `sumlogic serve`). */
  function openViewer(root, traces) {
    return new Viewer(root, traces, {});
  }

  window.SumlogicBoard = Object.freeze({
    buildBoard, drawBoard, cellName, parseCell, maskOf, digitsOf, allDigits, openViewer, puzzleInfo, cellLabel, CELL,
  });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
