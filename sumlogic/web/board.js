/* sumlogic board model (the step page and the play page): the constants of
 * the drawing (cell size, margin, region colours, kind and status words), the
 * DOM and SVG builders, cell names and digit masks, a trace's puzzle read into
 * a board (cells, givens, cages, boxes, clues, dots, relations; the setter's
 * title, author and rules), the grid states a trace's steps lead through, and
 * the outline geometry of cages and regions.
 *
 * Loaded before draw.js and viewer.js, which take what they need from
 * ``window.SumlogicModel``. Plain ES2020, no dependencies, no network.
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
   * record keeps them: an ``info`` object first when a record has one, then
   * the same names at the top of the record, where ``to_record`` writes them
   * (what ``/api/parse`` sends as ``record`` and traces carry as ``puzzle``).
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

  window.SumlogicModel = Object.freeze({
    CELL, GUESS_NOTE, KIND_TEXT, MARGIN, REGION_COLOURS, STATUS_TEXT, allDigits, buildBoard, buildStates, cellLabel, cellName, digitsOf, edgeMid, el, maskOf, outlinePath, parseCell, printable, puzzleInfo, shown, svg, topLeft,
  });
})();
