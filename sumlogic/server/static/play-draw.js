/* sumlogic play page: what the page draws over the viewer's board.
 *
 * The viewer (viewer.js) draws the grid, the cages, the digits and the centre
 * marks (the player's candidates, in the 3x3 layout the step page uses). Over
 * it the play page draws the colours, the corner marks (SudokuPad's order:
 * the corners first, then the middles of the edges), the selection, the cells
 * holding the selected digit, the conflicts and the mistakes of a check, and
 * names every cell for screen readers. ``whereRegions`` turns a hint's
 * "where" ("rows 1-2 and box 3") into regions to outline.
 * Plain ES2020; window.SumlogicPlayDraw.
 */
(() => {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";
  /** Where corner marks go, in cell fractions: corners, then edge middles, then the centre. */
  const CORNER_SPOTS = [[0.14, 0.17], [0.86, 0.17], [0.14, 0.85], [0.86, 0.85], [0.5, 0.17], [0.5, 0.85], [0.14, 0.5], [0.86, 0.5], [0.5, 0.5]];

  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  /** Draw the player's layer over ``svgNode`` (a board the viewer drew from ``game``'s grid). */
  function decorate(game, svgNode, { conflicts, focus }) {
    const B = window.SumlogicBoard;
    const board = game.board;
    const g = game.grid;
    const size = B.CELL;
    const colours = window.SumlogicPlayGrid.COLOURS;
    const under = svg("g", { class: "sl-colours", "aria-hidden": "true" });
    const over = svg("g", { class: "sl-player", "aria-hidden": "true" });
    const cellsLayer = svgNode.querySelector("g.sl-cells");
    board.cells.forEach((cell, i) => {
      const x = cell.c * size;
      const y = cell.r * size;
      const rect = svgNode.querySelector(`rect.sl-cell[data-cell="${cell.name}"]`);
      const group = svgNode.querySelector(`g[data-cell="${cell.name}"]`);
      const picked = B.digitsOf(g.colour[i]);
      picked.forEach((k, n) => {
        const w = size / picked.length;
        under.append(svg("rect", { class: "sl-colour", "data-cell": cell.name, "data-colour": k, x: x + n * w, y, width: w, height: size, fill: colours[k - 1][1] }));
      });
      const digit = group && group.querySelector(".sl-digit");
      if (rect) {
        if (game.selection.has(i)) rect.classList.add("is-selected");
        if (focus && g.values[i] === focus) rect.classList.add("is-same");
        if (game.mistakes.has(cell.name)) rect.classList.add("is-mistake");
        rect.append(svg("title", {}, B.cellLabel(board, i, g.values[i], g.centre[i], g.corner[i])));
      }
      if (digit && conflicts.has(i)) digit.classList.add("is-conflict");
      if (digit && game.mistakes.has(cell.name)) digit.classList.add("is-wrong");
      if (focus && group && !g.values[i]) {
        for (const mark of group.querySelectorAll(`.sl-cand[data-digit="${focus}"]`)) mark.classList.add("is-focus");
      }
      if (!g.values[i] && g.corner[i]) {
        const topLeftTaken = board.cages.some((cage) => cage.cells.length && cornerOf(cage.cells) === `${cell.r},${cell.c}`);
        const spots = topLeftTaken ? CORNER_SPOTS.slice(1).concat([CORNER_SPOTS[0]]) : CORNER_SPOTS;
        B.digitsOf(g.corner[i]).forEach((d, n) => {
          const [fx, fy] = spots[Math.min(n, spots.length - 1)];
          over.append(svg("text", { class: `sl-corner${focus === d ? " is-focus" : ""}`, "data-cell": cell.name, "data-digit": d, x: x + fx * size, y: y + fy * size }, d));
        });
      }
    });
    if (cellsLayer) cellsLayer.after(under);
    svgNode.append(over);
    for (const i of game.selection) {
      const cell = board.cells[i];
      const inset = 2;
      svgNode.append(svg("rect", {
        class: i === game.cursor ? "sl-cell-frame is-cursor" : "sl-cell-frame",
        x: cell.c * size + inset, y: cell.r * size + inset, width: size - 2 * inset, height: size - 2 * inset,
      }));
    }
    if (window.matchMedia && window.matchMedia("(max-width: 700px)").matches) {
      // phones: no row and column names around the grid, so the grid takes the whole width
      svgNode.setAttribute("viewBox", `-3 -3 ${board.width * size + 6} ${board.height * size + 6}`);
    }
    const live = svgNode.querySelector("title");
    if (live) live.textContent += `; ${game.selection.size} selected`;
  }

  function cornerOf(cells) {
    const [r, c] = cells.reduce((best, cell) => (cell[0] < best[0] || (cell[0] === best[0] && cell[1] < best[1]) ? cell : best));
    return `${r},${c}`;
  }

  /** The cells of a house of a square grid: "row", "column" or "box" number ``n`` (1-based). */
  function houseCells(board, kind, n) {
    const names = [];
    for (const cell of board.cells) {
      let inside = false;
      if (kind === "row") inside = cell.r === n - 1;
      else if (kind === "column") inside = cell.c === n - 1;
      else if (board.blockOf) inside = board.blockOf(cell.r, cell.c) === n - 1;
      else if (board.boxes) {
        const [rows, cols] = board.boxes;
        const across = Math.floor(board.width / cols);
        inside = Math.floor(cell.r / rows) === Math.floor((n - 1) / across) && Math.floor(cell.c / cols) === (n - 1) % across;
      }
      if (inside) names.push(cell.name);
    }
    return names;
  }

  /** The regions a hint's ``where`` names ("rows 1-2 and box 3", "cage c"), as step highlights. */
  function whereRegions(board, where) {
    const out = [];
    let kind = null;
    for (const raw of String(where || "").split(/,\s*|\s+and\s+/)) {
      const part = raw.trim();
      const m = /^(row|column|box|region|cage)s?\s+(\S+)$/.exec(part);
      let arg = null;
      if (m) [kind, arg] = [m[1] === "region" ? "box" : m[1], m[2]];
      else if (kind && kind !== "cage" && /^\d+(-\d+)?$/.test(part)) arg = part;
      else {
        kind = null;
        continue;
      }
      if (kind === "cage") {
        const cage = board.cages.find((c) => String(c.label) === arg);
        if (cage) out.push({ name: `cage ${arg}`, cells: cage.cells.map(([r, c]) => window.SumlogicBoard.cellName(r, c)) });
        continue;
      }
      const [a, b] = arg.split("-").map(Number);
      for (let n = a; n <= (b || a); n++) {
        const cells = houseCells(board, kind, n);
        if (cells.length) out.push({ name: `${kind} ${n}`, cells });
      }
    }
    return out;
  }

  window.SumlogicPlayDraw = Object.freeze({ decorate, whereRegions });
})();
