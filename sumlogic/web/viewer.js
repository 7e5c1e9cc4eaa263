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
 * A trace may name techniques being practised (``practise``: a list of ids,
 * as the play page's Practise menu sets it): their steps are marked in the
 * step list, and a button (key F) goes to the first of them.
 *
 * The board itself is board.js (the model) and draw.js (the SVG), loaded
 * before this file (and arrows.js before them); this file is the page around
 * it: the summary, the step list and text, zoom and pan, reading traces.
 * ``window.SumlogicBoard`` is what the play page uses of all three.
 */
(() => {
  "use strict";

  const { CELL, GUESS_NOTE, KIND_TEXT, REGION_COLOURS, STATUS_TEXT, allDigits, buildBoard, buildStates, cellLabel, cellName, digitsOf, el, maskOf, parseCell, printable, puzzleInfo, shown } = window.SumlogicModel;
  const { drawBoard } = window.SumlogicDraw;

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
        typeof grade.estimate === "string" && grade.estimate,  // what the time estimate knows (none when guessing)
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
            this.practiseNote(),
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
      const practised = k > 0 && this.isPractised(step);
      const cls = `sl-step-link${guess ? " is-guess" : ""}${practised ? " is-practised" : ""}`;
      return el("li", { value: k },
        el("button", { type: "button", class: cls, "data-step": k, onclick: () => this.go(k) },
          el("span", { class: "sl-step-n", text: `${k}.` }), " ",
          practised ? el("span", { class: "sl-practise-badge", text: "practised" }) : null, practised ? " " : null,
          el("span", { class: "sl-step-tech", text: label }), " ",
          el("span", { class: "sl-step-snippet", text: step.text || "" })));
    }

    /** Whether ``step`` is of a technique the trace's ``practise`` names (the play page's Practise menu). */
    isPractised(step) {
      const ids = Array.isArray(this.trace.practise) ? this.trace.practise : [];
      return ids.includes(step.technique);
    }

    /** The numbers (from 1) of the steps of a practised technique. */
    practisedSteps() {
      return this.steps.map((step, i) => (this.isPractised(step) ? i + 1 : 0)).filter(Boolean);
    }

    /** For a trace with ``practise`` (ids): where those techniques were needed, and a button (key F) to the first. */
    practiseNote() {
      const ids = Array.isArray(this.trace.practise) ? this.trace.practise : [];
      if (!ids.length) return null;
      const found = this.practisedSteps();
      const names = [...new Set(found.map((k) => techniqueLabel(this.steps[k - 1])))];
      const what = names.length ? names.join(", ") : ids.join(", ");
      if (!found.length) {
        return el("p", { class: "sl-practise-note", role: "note", text: `Practising ${what}: not needed from here.` });
      }
      const listed = found.slice(0, 8).join(", ") + (found.length > 8 ? ", \u2026" : "");
      this.practiseButton = el("button", { type: "button", class: "sl-practise-jump", "aria-keyshortcuts": "F",
        onclick: () => this.go(found[0]) }, `Go to the first ${what} (step ${found[0]})`);
      return el("p", { class: "sl-practise-note", role: "note" },
        `Practising ${what}: needed at step${found.length > 1 ? "s" : ""} ${listed} (marked in the list). `,
        this.practiseButton);
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
        const practised = this.practisedSteps();
        if ((event.key === "f" || event.key === "F") && practised.length) moves[event.key] = practised[0];
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
