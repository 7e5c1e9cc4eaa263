/* sumlogic: chains drawn as arrows on the board (the step page and the play page).
 *
 * A step may carry ``links`` (solver/step.py ``Link``): each joins a node
 * (one or several cells and a digit) to the next, strong ("if not this, then
 * that") or weak ("if this, then not that"). They are drawn as arrows from
 * the candidate of the first node to the candidate of the second: strong
 * solid, weak dashed. A contradiction step carries no links yet: its chain is
 * the placements of its sub-steps in order (the supposition first), drawn as
 * arrows from each placed digit to the next. The step's conclusion (the
 * candidates it removes, the digits it places) is ringed.
 *
 * Plain ES2020, no dependencies; loaded before viewer.js, which calls
 * ``window.SumlogicArrows.draw`` while it draws a board.
 */
(() => {
  "use strict";

  const SVG_NS = "http://www.w3.org/2000/svg";

  function svg(tag, attrs = {}, ...children) {
    const node = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = String(value);
      else node.setAttribute(key, String(value));
    }
    node.append(...children.filter(Boolean));
    return node;
  }

  function parseCell(name) {
    const m = /^r(\d+)c(\d+)$/.exec(String(name).trim().toLowerCase());
    return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
  }

  /** The chain of a step as a list of {from, to, strong} between {cells, digit} nodes. */
  function chainOf(step) {
    if (!step) return [];
    if (Array.isArray(step.links) && step.links.length) {
      return step.links.filter((l) => l && l.from && l.to).map((l) => ({
        from: { cells: l.from.cells || [], digit: l.from.digit },
        to: { cells: l.to.cells || [], digit: l.to.digit },
        strong: l.type === "strong",
      }));
    }
    const technique = String(step.technique || "");
    if ((technique.startsWith("contradiction") || technique === "forcing-net") && Array.isArray(step.sub_steps)) {
      // The placements in order, one arrow from each to the next; a forcing net's cases
      // are separate chains, so each case (a "forcing-net-case" sub-step) starts afresh.
      const out = [];
      let last = null;
      for (const sub of step.sub_steps) {
        if (sub.technique === "forcing-net-case") last = null;
        for (const [cell, digit] of sub.placements || []) {
          const node = { cells: [cell], digit };
          if (last) out.push({ from: last, to: node, strong: true, implied: true });
          last = node;
        }
      }
      return out;
    }
    return [];
  }

  /** Where a digit's candidate sits in a cell (the viewer's pencil-mark layout). */
  function spot(layout, r, c, digit) {
    const { cell, caged } = layout;
    const [x0, dx, y0, dy] = caged ? [0.32, 0.215, 0.36, 0.21] : [0.24, 0.26, 0.27, 0.245];
    if (!(digit >= 1 && digit <= 9)) return [(c + 0.5) * cell, (r + 0.5) * cell];
    return [c * cell + cell * (x0 + dx * ((digit - 1) % 3)), r * cell + cell * (y0 + dy * Math.floor((digit - 1) / 3))];
  }

  /** The middle of a node's candidates (a grouped node has several cells). */
  function centre(layout, node) {
    const points = (node.cells || []).map(parseCell).filter(Boolean).map(([r, c]) => spot(layout, r, c, node.digit));
    if (!points.length) return null;
    return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
  }

  /** The path of one arrow, bent a little so that arrows along a line stay apart; it stops short of both ends. */
  function arrowPath(a, b, cell) {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    const gap = Math.min(cell * 0.14, len / 3);
    const ux = dx / len;
    const uy = dy / len;
    const start = [a[0] + ux * gap, a[1] + uy * gap];
    const end = [b[0] - ux * gap, b[1] - uy * gap];
    const bend = Math.min(cell * 0.35, len * 0.18);
    const mid = [(start[0] + end[0]) / 2 - uy * bend, (start[1] + end[1]) / 2 + ux * bend];
    return `M${start[0].toFixed(1)} ${start[1].toFixed(1)}Q${mid[0].toFixed(1)} ${mid[1].toFixed(1)} ${end[0].toFixed(1)} ${end[1].toFixed(1)}`;
  }

  let drawn = 0;

  /**
   * The arrows of ``step`` on a board of ``cell``-unit cells (``caged``: the pencil-mark layout
   * that leaves the corner to cage totals), or null when the step has no chain.
   */
  function draw(board, step, cell, caged) {
    const chain = chainOf(step);
    if (!chain.length) return null;
    const layout = { cell, caged };
    drawn += 1;
    const head = `sl-arrow-head-${drawn}`;
    const marker = (id, cls) => svg("marker", {
      id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse",
    }, svg("path", { class: cls, d: "M0 0L10 5L0 10z" }));
    const g = svg("g", { class: "sl-chain-arrows", "data-links": chain.length },
      svg("defs", {}, marker(head, "sl-arrow-head"), marker(`${head}-then`, "sl-arrow-head is-implied")));
    chain.forEach((link, k) => {
      const a = centre(layout, link.from);
      const b = centre(layout, link.to);
      if (!a || !b) return;
      const type = link.strong ? "strong" : "weak";
      const words = `${link.from.cells.join(" ")} ${link.from.digit} to ${link.to.cells.join(" ")} ${link.to.digit}`;
      g.append(svg("path", {
        class: `sl-arrow is-${type}${link.implied ? " is-implied" : ""}`, "data-link": k, "data-type": type,
        d: arrowPath(a, b, cell), "marker-end": `url(#${head}${link.implied ? "-then" : ""})`,
      }, svg("title", { text: `${link.implied ? "then" : `${type} link`}: ${words}` })));
    });
    if (chain[0].implied) {
      // where a contradiction's chain ends: the cell (or cells) left without a digit, framed
      const placed = new Set(chain.flatMap((l) => [...l.from.cells, ...l.to.cells]));
      for (const name of ((step.highlights || {}).cells || []).filter((n) => !placed.has(n))) {
        const pos = parseCell(name);
        if (pos) {
          g.append(svg("rect", {
            class: "sl-dead-end", "data-cell": name, x: pos[1] * cell + 4, y: pos[0] * cell + 4, width: cell - 8, height: cell - 8, rx: 4,
          }, svg("title", { text: `${name}: where the chain ends, with no digit left` })));
        }
      }
    }
    for (const [name, digits] of step.eliminations || []) {
      const pos = parseCell(name);
      if (!pos) continue;
      for (const d of digits || []) {
        const [x, y] = spot(layout, pos[0], pos[1], d);
        g.append(svg("circle", { class: "sl-conclusion", "data-cell": name, "data-digit": d, cx: x, cy: y, r: cell * 0.12 }));
      }
    }
    for (const [name] of step.placements || []) {
      const pos = parseCell(name);
      if (!pos) continue;
      g.append(svg("rect", {
        class: "sl-conclusion", "data-cell": name,
        x: pos[1] * cell + 3, y: pos[0] * cell + 3, width: cell - 6, height: cell - 6, rx: 6,
      }));
    }
    return g;
  }

  window.SumlogicArrows = Object.freeze({ draw, chainOf });
})();
