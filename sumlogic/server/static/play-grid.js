/* sumlogic play page: the player's grid and what follows from it alone.
 *
 * A Grid holds, per cell, the digit placed (givens included), the centre
 * marks (the player's candidates), the corner marks (where a digit may go:
 * positions, never an elimination) and the colours (a mask of colours 1..9).
 * ``units`` lists the groups a digit may not repeat in (rows, columns, boxes
 * or regions, cages, Kakuro runs) with their totals; ``conflicts`` finds the
 * cells that break a rule with the digits placed now (a repeat, a full group
 * off its total, a partial one over it, a Kropki dot not kept).
 * Plain ES2020, no dependencies; window.SumlogicPlayGrid.
 */
(() => {
  "use strict";

  const COLOURS = [
    ["grey", "#d0d0d0"], ["white", "#ffffff"], ["dark grey", "#8a8a8a"], ["red", "#ffa0a0"], ["orange", "#ffcf9e"],
    ["yellow", "#fff39a"], ["green", "#b3f0b0"], ["blue", "#a8d7ff"], ["violet", "#d6b8ff"],
  ];
  /** SudokuPad's colour keys: 1 light grey ... 9 violet (names for screen readers, fills for the board). */

  class Grid {
    constructor(board) {
      const n = board.cells.length;
      this.board = board;
      this.values = new Uint8Array(n);
      this.centre = new Uint16Array(n);
      this.corner = new Uint16Array(n);
      this.colour = new Uint16Array(n);
      board.cells.forEach((cell, i) => { this.values[i] = cell.given; });
    }

    snapshot() {
      return {
        values: Uint8Array.from(this.values), centre: Uint16Array.from(this.centre),
        corner: Uint16Array.from(this.corner), colour: Uint16Array.from(this.colour),
      };
    }

    restore(state) {
      this.values = Uint8Array.from(state.values);
      this.centre = Uint16Array.from(state.centre);
      this.corner = Uint16Array.from(state.corner);
      this.colour = Uint16Array.from(state.colour);
    }

    same(state) {
      const eq = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
      return eq(this.values, state.values) && eq(this.centre, state.centre) && eq(this.corner, state.corner)
        && eq(this.colour, state.colour);
    }

    /** Read the address's {placed, marks, corner, colours} ({"r1c2": 5}, {"r1c3": [1, 2]}, ...). */
    load(data) {
      const B = window.SumlogicBoard;
      const board = this.board;
      const each = (map, fn) => {
        for (const [name, value] of Object.entries(map || {})) {
          const i = board.index.get(name);
          if (i !== undefined && !board.cells[i].given) fn(i, value);
        }
      };
      each(data.placed, (i, d) => { if (d >= 1 && d <= board.maxDigit) this.values[i] = d; });
      each(data.marks, (i, ds) => { if (!this.values[i]) this.centre[i] = B.maskOf(ds); });
      each(data.corner, (i, ds) => { if (!this.values[i]) this.corner[i] = B.maskOf(ds); });
      for (const [name, list] of Object.entries(data.colours || {})) {
        const i = board.index.get(name);
        if (i !== undefined) this.colour[i] = B.maskOf(list);
      }
    }

    /** The grid as the address keeps it (digits of the player, marks of both kinds, colours). */
    dump() {
      const digits = window.SumlogicBoard.digitsOf;
      const out = { placed: {}, marks: {}, corner: {}, colours: {} };
      this.board.cells.forEach((cell, i) => {
        if (this.values[i] && !cell.given) out.placed[cell.name] = this.values[i];
        if (!this.values[i] && this.centre[i]) out.marks[cell.name] = digits(this.centre[i]);
        if (!this.values[i] && this.corner[i]) out.corner[cell.name] = digits(this.corner[i]);
        if (this.colour[i]) out.colours[cell.name] = digits(this.colour[i]);
      });
      return out;
    }

    full() {
      return this.values.every((v) => v > 0);
    }
  }

  /** The groups of a board a digit may not repeat in, each {name, cells: [index], sum, distinct}. */
  function units(board) {
    const at = (r, c) => board.index.get(window.SumlogicBoard.cellName(r, c));
    const out = [];
    if (board.kind === "kakuro") {
      const clue = new Map(board.clues.map((k) => [`${k.r},${k.c}`, k]));
      for (const [dr, dc, key] of [[0, 1, "across"], [1, 0, "down"]]) {
        for (let r = 0; r < board.height; r++) {
          for (let c = 0; c < board.width; c++) {
            if (at(r, c) === undefined || at(r - dr, c - dc) !== undefined) continue;
            const cells = [];
            for (let k = 0; at(r + dr * k, c + dc * k) !== undefined; k++) cells.push(at(r + dr * k, c + dc * k));
            const head = clue.get(`${r - dr},${c - dc}`);
            const sum = head && /^\d+$/.test(head[key]) ? Number(head[key]) : null;
            out.push({ name: `${key} run at r${r + 1}c${c + 1}`, cells, sum, distinct: true });
          }
        }
      }
      return out;
    }
    for (let r = 0; r < board.height; r++) {
      out.push({ name: `row ${r + 1}`, cells: [...Array(board.width).keys()].map((c) => at(r, c)), sum: null, distinct: true });
    }
    for (let c = 0; c < board.width; c++) {
      out.push({ name: `column ${c + 1}`, cells: [...Array(board.height).keys()].map((r) => at(r, c)), sum: null, distinct: true });
    }
    const boxes = new Map();
    for (const cell of board.cells) {
      let box = -1;
      if (board.blockOf) box = board.blockOf(cell.r, cell.c);
      else if (board.boxes) {
        const [rows, cols] = board.boxes;
        box = Math.floor(cell.r / rows) * Math.floor(board.width / cols) + Math.floor(cell.c / cols);
      }
      if (box < 0) continue;
      if (!boxes.has(box)) boxes.set(box, []);
      boxes.get(box).push(board.index.get(cell.name));
    }
    for (const [box, cells] of [...boxes].sort((a, b) => a[0] - b[0])) out.push({ name: `box ${box + 1}`, cells, sum: null, distinct: true });
    for (const cage of board.cages) {
      const cells = cage.cells.map(([r, c]) => at(r, c)).filter((i) => i !== undefined);
      const sum = cage.sum !== null && cage.sum !== undefined ? Number(cage.sum) : null;
      out.push({ name: `cage ${cage.label}`, cells, sum, distinct: true });
    }
    return out;
  }

  /** The cells whose digits break a rule now (each with the reasons, for the cell's name). */
  function conflicts(board, values, groups) {
    const bad = new Map();
    const flag = (i, why) => {
      if (!bad.has(i)) bad.set(i, []);
      bad.get(i).push(why);
    };
    for (const unit of groups) {
      const seen = new Map();
      let total = 0;
      let filled = 0;
      for (const i of unit.cells) {
        const d = values[i];
        if (!d) continue;
        total += d;
        filled += 1;
        if (unit.distinct && seen.has(d)) {
          flag(i, `${d} repeats in ${unit.name}`);
          flag(seen.get(d), `${d} repeats in ${unit.name}`);
        } else seen.set(d, i);
      }
      if (unit.sum !== null && (total > unit.sum || (filled === unit.cells.length && total !== unit.sum))) {
        for (const i of unit.cells) if (values[i]) flag(i, `${unit.name} adds up to ${total}, not ${unit.sum}`);
      }
    }
    for (const dot of board.dots) {
      const a = board.index.get(dot.names[0]);
      const b = board.index.get(dot.names[1]);
      if (a === undefined || b === undefined || !values[a] || !values[b]) continue;
      const [x, y] = [values[a], values[b]];
      const ok = dot.colour === "white" ? Math.abs(x - y) === 1 : x === 2 * y || y === 2 * x;
      if (!ok) for (const i of [a, b]) flag(i, `the ${dot.colour} dot ${dot.names.join("-")} is not kept`);
    }
    return bad;
  }

  window.SumlogicPlayGrid = Object.freeze({ Grid, units, conflicts, COLOURS });
})();
