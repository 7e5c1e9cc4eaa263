/* sumlogic board drawing (the step page and the play page): one view of a
 * board as SVG: cells, clues, the grid and box lines, the setter's cages with
 * their totals (top-left, clear of the dashed outline), Kropki dots, Greater
 * Killer relations, digits and candidates, and a step's highlights and
 * effects; a step's chain is drawn by arrows.js (``window.SumlogicArrows``).
 *
 * Needs board.js (``window.SumlogicModel``); viewer.js takes
 * ``window.SumlogicDraw.drawBoard``. Plain ES2020, no dependencies.
 */
(() => {
  "use strict";

  const { CELL, MARGIN, REGION_COLOURS, cellName, digitsOf, edgeMid, maskOf, outlinePath, parseCell, shown, svg, topLeft } = window.SumlogicModel;

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
        const chars = (cage.label ? String(cage.label).length + (hasSum ? 1 : 0) : 0) + (hasSum ? String(cage.sum).length : 0);
        // wide enough for the total at the play page's larger phone size too (15 units a digit's height)
        const w = 8 + chars * 9;
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

  window.SumlogicDraw = Object.freeze({ drawBoard });
})();
