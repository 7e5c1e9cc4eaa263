/* sumlogic play page (served by `sumlogic serve`).
 *
 * Paste a puzzle (a link or text in any notation sumlogic reads) and play it
 * as in SudokuPad (play-input.js: selection, modes, keys), with digits,
 * corner and centre marks and colours (play-grid.js, drawn by play-draw.js);
 * ask the server (play-ask.js, whose methods are mixed into Game) to
 * check the position or for a hint (level 1, then 2, then 3), apply the
 * hint's step, grade the puzzle, or open the step viewer from the position
 * (/view, a new tab). Every change can be undone and redone. The board is
 * drawn by the step viewer's code (window.SumlogicBoard, viewer.js). The
 * puzzle and the position live in the address (#p=...), so a link shares
 * them and a reload restores them: the server keeps nothing between requests.
 * The Practise menu (play-practise.js) asks the server for a fresh puzzle that needs a chosen technique.
 * An address may instead carry a puzzle link to open (``#link=...`` or
 * ``?link=...``, see ``linkIn``): a link reaches the page with no paste.
 *
 * What the page says is always about the grid shown: a change of the grid
 * takes away the marks and words of an earlier check or hint.
 * Plain ES2020, no dependencies; everything comes from this server.
 */
(() => {
  "use strict";

  const API = "/api";
  const HASH_KEY = "p";
  const KIND_TEXT = {
    kakuro: "Kakuro", killer: "Killer Sudoku", "greater-killer": "Greater Killer", kropki: "Kropki Sudoku", sudoku: "Sudoku",
  };
  const MODE_TEXT = { normal: "Normal: digits", corner: "Corner marks", centre: "Centre marks", colour: "Colour" };
  const HISTORY_LIMIT = 500;

  const $ = (id) => document.getElementById(id);
  const el = window.SumlogicDom.el;
  const call = (path, body) => window.SumlogicAddress.call(API + path, body);

  /** "m:ss" (or "h:mm:ss") of a number of milliseconds. */
  function clock(ms) {
    const s = Math.floor(ms / 1000);
    const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
  }

  /**
   * The puzzle link (or text) an address carries for the page to open, or null: ``?link=TEXT`` (URL-encoded,
   * as a form or a bookmarklet sends it) or ``#link=TEXT`` (the rest of the address, so a link's own ``&``
   * and ``?`` may stay as they are; URL-encoded also read). The hash form never reaches the server's log.
   *
   *   /?link=https%3A%2F%2Fsudokupad.app%2F...      /#link=https://sudokupad.app/...?puzzle=...
   */
  /** A short name for a puzzle record (FNV-1a over its JSON), so a reload finds its own clock. */
  function digest(record) {
    const text = JSON.stringify(record);
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16);
  }

  const CLOCK_KEY = "sumlogic.clock";

  function linkIn(where) {
    const m = /^#(?:.*&)?link=(.+)$/s.exec(where.hash || "");
    if (m) {
      const text = m[1];
      if (!/^[a-z][a-z0-9+.-]*%3A/i.test(text)) return text; // plain (a link's own %-escapes kept)
      try {
        return decodeURIComponent(text);
      } catch (error) {
        return text;
      }
    }
    const query = new URLSearchParams(where.search || "").get("link");
    return query && query.trim() ? query : null;
  }

  class Game {
    constructor() {
      this.record = null;
      this.board = null;
      this.grid = null;
      this.selection = new Set();
      this.cursor = -1;
      this.mode = "normal";
      this.mistakes = new Map();
      this.past = [];
      this.future = [];
      this.writing = Promise.resolve();
      this.elapsed = 0;
      this.since = null;
      this.paused = false;
      this.solved = false;
      this.opened = 0;
      this.forgetHint();
      this.bind();
    }

    bind() {
      $("sl-open-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.open($("sl-source").value);
      });
      $("sl-source").addEventListener("keydown", (e) => {
        if (e.key === "Enter" && !e.shiftKey) {
          e.preventDefault();
          this.open($("sl-source").value);
        }
      });
      $("sl-samples").addEventListener("change", (e) => e.target.value && this.open(e.target.value));
      const clicks = {
        "sl-check": () => this.check(), "sl-hint": () => this.askHint(), "sl-apply": () => this.applyStep(),
        "sl-grade": () => this.grade(), "sl-undo": () => this.undo(), "sl-redo": () => this.redo(),
        "sl-restart": () => this.restart(), "sl-pause": () => this.pause(!this.paused),
      };
      for (const [id, fn] of Object.entries(clicks)) $(id).addEventListener("click", fn);
      for (const button of document.querySelectorAll(".sl-modes [data-mode]")) {
        button.addEventListener("click", () => this.setMode(button.getAttribute("data-mode")));
      }
      // the conflicts setting is the player's, kept in this browser
      try {
        const kept = localStorage.getItem("sumlogic.conflicts");
        if (kept !== null) $("sl-conflicts").checked = kept === "on";
      } catch (error) {
        // storage refused (a private window): the box keeps its default
      }
      $("sl-conflicts").addEventListener("change", () => {
        try {
          localStorage.setItem("sumlogic.conflicts", $("sl-conflicts").checked ? "on" : "off");
        } catch (error) {
          // storage refused: the setting lasts as long as the page
        }
        if (this.board) this.draw();
      });
      $("sl-steps").addEventListener("click", (e) => {
        if (e.button || e.ctrlKey || e.metaKey || e.shiftKey) return; // the browser's own new tab or window: the href
        e.preventDefault();
        this.openSteps();
      });
      window.SumlogicPlayInput.bind(this);
      window.addEventListener("hashchange", async () => (await this.readHash()) || this.openLinked());
      setInterval(() => this.tick(), 1000);
      window.addEventListener("pagehide", () => this.keepClock());
    }

    say(text, tone = "") {
      const status = $("sl-message");
      status.textContent = text;
      status.className = `sl-message${tone ? ` is-${tone}` : ""}`;
    }

    async loadSamples() {
      try {
        const data = await call("/samples");
        const select = $("sl-samples");
        for (const s of data.samples) {
          select.append(el("option", { value: s.name, text: `${s.name.replace(/^sample:/, "")} (${KIND_TEXT[s.kind] || s.kind}, ${s.size})` }));
        }
      } catch (error) {
        this.say(`Samples: ${error.message}`, "error");
      }
    }

    // ------------------------------------------------------------ opening

    /** Read a pasted link or text on the server, then start it (true when it opened). */
    async open(text) {
      if (!text.trim()) {
        this.say("Paste a puzzle link or text first.", "error");
        return false;
      }
      this.say("Reading the puzzle\u2026");
      try {
        const data = await call("/parse", { puzzle: text.trim() });
        const record = data.record;
        delete record.solution;
        this.start(record, {}, 0);
        this.say(`${KIND_TEXT[data.kind] || data.kind} ${data.size}, read as ${data.format}.`);
        this.save();
        $("sl-board").focus({ preventScroll: true });
        return true;
      } catch (error) {
        this.say(`Cannot open it: ${error.message}`, "error");
        return false;
      }
    }

    /** Open the puzzle link an address carries (``linkIn``), as if pasted: the puzzle box shows it and,
     * once read, the address becomes the usual ``#p=...`` (so a reload keeps the position). */
    async openLinked() {
      const link = linkIn(location);
      if (link === null) return false;
      $("sl-source").value = link;
      return this.open(link);
    }

    /** Show ``record`` with the player's position ``data`` (the address's {placed, marks, corner, colours}). */
    start(record, data, elapsed) {
      const B = window.SumlogicBoard;
      const G = window.SumlogicPlayGrid;
      this.record = record;
      this.practise = null; // a practised puzzle says so after this (startPractise, readHash)
      $("sl-practise-box").hidden = true;
      this.board = B.buildBoard({ kind: record.kind, puzzle: record });
      this.units = G.units(this.board);
      this.grid = new G.Grid(this.board);
      this.grid.load(data || {});
      const first = this.board.cells.findIndex((cell) => !cell.given);
      this.cursor = first;
      this.selection = new Set(first >= 0 ? [first] : []);
      this.past = [];
      this.future = [];
      this.elapsed = elapsed || 0;
      this.since = Date.now();
      this.paused = false;
      this.solved = false;
      this.clearVerdicts();
      $("sl-grade-box").hidden = true;
      $("sl-solved").hidden = true;
      $("sl-board").classList.remove("is-paused");
      for (const id of ["sl-check", "sl-hint", "sl-apply", "sl-grade", "sl-restart", "sl-pause"]) $(id).disabled = false;
      for (const b of document.querySelectorAll(".sl-modes [data-mode]")) b.disabled = false;
      $("sl-steps").setAttribute("aria-disabled", "false");
      this.showIdentity();
      this.setMode(this.mode);
      this.drawHistory();
      this.tick();
      this.draw();
      this.warnIfNotUnique();
    }

    /** The setter's title, author and rules when the puzzle carries them (viewer.js: puzzleInfo). */
    showIdentity() {
      const info = window.SumlogicBoard.puzzleInfo(this.record);
      const kind = KIND_TEXT[this.board.kind] || this.board.kind;
      $("sl-identity").hidden = false;
      $("sl-title").textContent = info.title || `${kind} ${this.board.height}x${this.board.width}`;
      $("sl-author").textContent = info.author ? `by ${info.author}` : "";
      $("sl-author").hidden = !info.author;
      $("sl-rules").textContent = info.rules;
      $("sl-rules-box").hidden = !info.rules;
      document.title = `sumlogic: ${info.title || kind}`;
    }

    // ------------------------------------------------------------ the address

    /** The position as the API takes it: the player's digits, their centre marks (``marks``: their
     * candidates) and corner marks (``corner``: where a digit may go in a box, never what a cell cannot be;
     * a check reports those that leave out where the digit goes). */
    position() {
      const { placed, marks, corner } = this.grid.dump();
      return Object.keys(corner).length ? { placed, marks, corner } : { placed, marks };
    }

    /** Write the puzzle and the position into the address (one write at a time, in order).  The
     * body carries ``data-saved`` only while no write is waiting, so the address it shows then
     * holds every change made so far. */
    save() {
      if (!this.record) return this.writing;
      // the clock stays out of the address: the same position always has the same address
      const data = { v: 2, puzzle: this.record, ...this.grid.dump(), ...(this.practise ? { practise: this.practise } : {}) };
      this.unsaved = (this.unsaved || 0) + 1;
      document.body.removeAttribute("data-saved");
      this.writing = this.writing.then(async () => {
        const hash = `#${HASH_KEY}=${await window.SumlogicAddress.encode(data)}`;
        // the address's own path with the state (a ``?link=`` that opened the puzzle goes: the state holds it)
        if (location.hash !== hash || location.search) history.replaceState(null, "", location.pathname + hash);
        $("sl-steps").setAttribute("href", `/view${hash}`);
      }).catch((error) => this.say(`Cannot write the address: ${error.message}`, "error")).finally(() => {
        this.unsaved -= 1;
        if (!this.unsaved) document.body.setAttribute("data-saved", location.hash.length);
      });
      return this.writing;
    }

    async readHash() {
      const m = new RegExp(`[#&]${HASH_KEY}=([A-Za-z0-9_-]+)`).exec(location.hash);
      if (!m) return false;
      try {
        const data = await window.SumlogicAddress.decode(m[1]);
        if (!data || typeof data.puzzle !== "object") throw new Error("no puzzle in it");
        const kept = this.keptClock(data.puzzle);
        this.start(data.puzzle, data, kept.ms);
        if (kept.paused) this.pause(true);
        if (data.practise && typeof data.practise === "object" && Array.isArray(data.practise.needs)) {
          this.practise = data.practise;
          this.showPractise();
        }
        this.say(`${KIND_TEXT[data.puzzle.kind] || data.puzzle.kind}: restored from the address.`);
        return true;
      } catch (error) {
        this.say(`The address holds no puzzle that can be read (${error.message}).`, "error");
        return false;
      }
    }

    // ------------------------------------------------------------ the clock

    time() {
      return this.elapsed + (this.since !== null && !this.paused && !this.solved ? Date.now() - this.since : 0);
    }

    tick() {
      if (!this.board) return;
      $("sl-timer").textContent = clock(this.time());
      this.keepClock();
    }

    /** Keep the clock of this tab's puzzle across a reload (the address leaves it out: the same position
     * always has the same address), in the tab's own session storage. */
    keepClock() {
      if (!this.record) return;
      try {
        sessionStorage.setItem(CLOCK_KEY, JSON.stringify({ puzzle: digest(this.record), ms: this.time(), paused: this.paused }));
      } catch (error) {
        // storage may be off (private windows): the clock then starts again on a reload
      }
    }

    /** The clock kept for ``record`` in this tab ({ms, paused}), or a fresh one. */
    keptClock(record) {
      try {
        const kept = JSON.parse(sessionStorage.getItem(CLOCK_KEY) || "null");
        if (kept && kept.puzzle === digest(record) && Number.isFinite(kept.ms) && kept.ms >= 0) {
          return { ms: kept.ms, paused: kept.paused === true };
        }
      } catch (error) {
        // unreadable: a fresh clock
      }
      return { ms: 0, paused: false };
    }

    pause(on) {
      if (!this.board || this.solved || on === this.paused) return;
      this.elapsed = this.time();
      this.since = Date.now();
      this.paused = on;
      $("sl-board").classList.toggle("is-paused", on);
      $("sl-pause").textContent = on ? "Resume" : "Pause";
      $("sl-pause").setAttribute("aria-pressed", String(on));
      this.say(on ? "Paused: the clock stands still. Press P or Resume to go on." : "");
      this.tick();
      if (on) $("sl-pause").focus();
      else $("sl-board").focus({ preventScroll: true });
    }

    // ------------------------------------------------------------ selecting

    /** Add cell ``i`` to the selection (or take it out), the cursor moving there. */
    touch(i, remove = false) {
      if (remove) this.selection.delete(i);
      else this.selection.add(i);
      this.cursor = i;
      this.draw();
    }

    selectSame(i) {
      const d = this.grid.values[i];
      if (!d) return;
      this.selection = new Set(this.board.cells.map((_, k) => k).filter((k) => this.grid.values[k] === d));
      this.cursor = i;
      this.draw();
    }

    selectAll() {
      this.selection = new Set(this.board.cells.map((_, k) => k));
      this.draw();
    }

    collapse() {
      this.selection = new Set(this.cursor >= 0 ? [this.cursor] : []);
      this.draw();
    }

    move(dr, dc, extend) {
      const board = this.board;
      const at = board.cells[this.cursor] || board.cells[0];
      let [r, c] = [at.r, at.c];
      for (;;) {
        r += dr;
        c += dc;
        if (r < 0 || c < 0 || r >= board.height || c >= board.width) return;
        const i = board.index.get(window.SumlogicBoard.cellName(r, c));
        if (i !== undefined) {
          if (!extend) this.selection.clear();
          this.touch(i);
          return;
        }
      }
    }

    setMode(mode) {
      this.mode = mode;
      for (const b of document.querySelectorAll(".sl-modes [data-mode]")) {
        b.setAttribute("aria-pressed", String(b.getAttribute("data-mode") === mode));
      }
      $("sl-pad").setAttribute("data-mode", mode);
      if (this.board) this.drawPad();
    }

    // ------------------------------------------------------------ entering

    /** The selected cells, the cursor's first. */
    chosen() {
      return [...this.selection].sort((a, b) => (a === this.cursor ? -1 : b === this.cursor ? 1 : a - b));
    }

    /** ``digit`` into the selected cells on ``layer`` (normal, corner, centre, colour), SudokuPad's way:
     * a digit or a mark already in every selected cell is taken out, else it is put in all of them. */
    enter(digit, layer = this.mode) {
      if (!this.board || digit < 1 || digit > (layer === "colour" ? 9 : this.board.maxDigit)) return;
      const cells = this.chosen();
      if (!cells.length) return;
      const g = this.grid;
      if (layer === "colour") {
        const bit = 1 << digit;
        const all = cells.every((i) => g.colour[i] & bit);
        return this.change(() => cells.forEach((i) => { g.colour[i] = all ? g.colour[i] & ~bit : g.colour[i] | bit; }));
      }
      const open = cells.filter((i) => !this.board.cells[i].given);
      if (!open.length) {
        const cell = this.board.cells[cells[0]];
        return this.say(`${cell.name} holds the given ${cell.given}: a given cannot change.`, "error");
      }
      if (layer === "normal") {
        const all = open.every((i) => g.values[i] === digit);
        return this.change(() => open.forEach((i) => {
          g.values[i] = all ? 0 : digit;
          if (!all) this.clearMarksAround(i, digit);
        }));
      }
      const marks = layer === "corner" ? g.corner : g.centre;
      const free = open.filter((i) => !g.values[i]);
      if (!free.length) return this.say("The selected cells hold digits: marks go in empty cells.", "error");
      const bit = 1 << digit;
      const all = free.every((i) => marks[i] & bit);
      return this.change(() => free.forEach((i) => { marks[i] = all ? marks[i] & ~bit : marks[i] | bit; }));
    }

    /** A digit placed: its cell's marks go (they are kept for Undo). */
    clearMarksAround(i) {
      this.grid.centre[i] = 0;
      this.grid.corner[i] = 0;
    }

    /** Clear the selected cells: their digits when any has one, else their marks of the mode (all marks in
     * Normal mode), else their colours. */
    erase() {
      const g = this.grid;
      const cells = this.chosen();
      const open = cells.filter((i) => !this.board.cells[i].given);
      if (!cells.length) return;
      if (open.some((i) => g.values[i])) return this.change(() => open.forEach((i) => { g.values[i] = 0; }));
      const layers = this.mode === "corner" ? [g.corner] : this.mode === "centre" ? [g.centre] : [g.centre, g.corner];
      if (this.mode !== "colour" && open.some((i) => layers.some((m) => m[i]))) {
        return this.change(() => open.forEach((i) => layers.forEach((m) => { m[i] = 0; })));
      }
      if (cells.some((i) => g.colour[i])) return this.change(() => cells.forEach((i) => { g.colour[i] = 0; }));
      if (!open.length) {
        const cell = this.board.cells[cells[0]];
        this.say(`${cell.name} holds the given ${cell.given}: a given cannot change.`, "error");
      }
    }

    /** Make a change to the grid (``fn``) that Undo can take back; what was said about the old grid goes. */
    change(fn) {
      const before = this.grid.snapshot();
      fn();
      if (this.grid.same(before)) return;
      this.past.push(before);
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
      this.future = [];
      this.changed("");
    }

    /** Take a position the server sent (``placed`` digits, ``marks`` as centre marks) as one change that
     * Undo takes back. Corner marks go everywhere, or with ``keepCorners`` only from the cells it fills. */
    takePosition(pos, keepCorners) {
      const g = this.grid;
      const B = window.SumlogicBoard;
      this.change(() => {
        this.board.cells.forEach((cell, i) => {
          if (!cell.given) g.values[i] = 0;
          g.centre[i] = 0;
          if (!keepCorners) g.corner[i] = 0;
        });
        for (const [name, digit] of Object.entries(pos.placed || {})) {
          const i = this.board.index.get(name);
          if (i !== undefined && !this.board.cells[i].given) {
            g.values[i] = digit;
            g.corner[i] = 0;
          }
        }
        for (const [name, digits] of Object.entries(pos.marks || {})) {
          const i = this.board.index.get(name);
          if (i !== undefined && !g.values[i]) g.centre[i] = B.maskOf(digits);
        }
      });
    }

    /** After any change of the grid: forget the checks and hints about the old one, redraw, save, and
     * check a full grid (the solved moment). */
    changed(words) {
      this.clearVerdicts();
      if (this.solved) {
        // the grid is no longer the solution it was: the banner goes, the clock runs again
        this.solved = false;
        this.since = Date.now();
        $("sl-solved").hidden = true;
        document.body.removeAttribute("data-solved");
      }
      this.say(words);
      this.drawHistory();
      this.draw();
      this.save();
      if (this.grid.full() && !this.solved) this.check(true);
    }

    clearVerdicts() {
      this.mistakes.clear();
      $("sl-mistakes").hidden = true;
      this.forgetHint();
    }

    forgetHint() {
      this.applied = null;
      this.hint = null;
      this.hintShown = 0;
      this.hintLevel = 0;
      if ($("sl-hint-box")) $("sl-hint-box").hidden = true;
      if ($("sl-hint")) $("sl-hint").textContent = "Hint";
    }

    undo() {
      if (!this.board || !this.past.length) return this.say("Nothing to undo.");
      this.future.push(this.grid.snapshot());
      this.grid.restore(this.past.pop());
      this.changed("Undone.");
    }

    redo() {
      if (!this.board || !this.future.length) return this.say("Nothing to redo.");
      this.past.push(this.grid.snapshot());
      this.grid.restore(this.future.pop());
      this.changed("Redone.");
    }

    drawHistory() {
      $("sl-undo").disabled = !this.past.length;
      $("sl-redo").disabled = !this.future.length;
    }

    restart() {
      if (!this.board) return;
      const g = this.grid;
      this.change(() => this.board.cells.forEach((cell, i) => {
        g.values[i] = cell.given;
        g.centre[i] = 0;
        g.corner[i] = 0;
        g.colour[i] = 0;
      }));
    }

    // ------------------------------------------------------------ drawing

    drawPad() {
      const pad = $("sl-pad");
      const buttons = [];
      const colour = this.mode === "colour";
      const count = colour ? 9 : this.board.maxDigit;
      const names = window.SumlogicPlayGrid.COLOURS;
      for (let d = 1; d <= count; d++) {
        const attrs = { type: "button", "data-digit": d, onclick: () => this.enter(d) };
        if (colour) {
          Object.assign(attrs, { class: "sl-swatch-button", style: `background:${names[d - 1][1]}`, "aria-label": `Colour ${d}: ${names[d - 1][0]}`, text: d });
        } else {
          Object.assign(attrs, { "aria-label": `${MODE_TEXT[this.mode]} ${d}`, text: d });
        }
        buttons.push(el("button", attrs));
      }
      buttons.push(el("button", { type: "button", "aria-label": "Clear the selected cells", text: "\u232b", onclick: () => this.erase() }));
      pad.replaceChildren(...buttons);
    }

    /** What the hint draws: level 1 outlines where to look, 2 also marks the cells and
     * candidates involved, 3 shows the whole step with its effects (and its chain). */
    hintMarks() {
      if (this.applied) return { technique: this.applied.technique, placements: this.applied.placements, highlights: this.applied.highlights };
      const data = this.hint;
      if (!data || !data.technique) return null;
      if (this.hintShown === 3 && data.step) return data.step;
      const highlights = { regions: window.SumlogicPlayDraw.whereRegions(this.board, data.where) };
      if (this.hintShown === 2) {
        highlights.cells = data.cells || [];
        highlights.candidates = data.candidates || [];
      }
      return { technique: data.technique, highlights };
    }

    draw() {
      if (!this.board) return;
      const B = window.SumlogicBoard;
      const board = this.board;
      const g = this.grid;
      const kind = KIND_TEXT[board.kind] || board.kind;
      const svgNode = B.drawBoard(board, { values: g.values, cands: g.centre }, this.hintMarks(), `${kind} ${board.height} by ${board.width}`);
      const conflicts = $("sl-conflicts").checked ? window.SumlogicPlayGrid.conflicts(board, g.values, this.units) : new Map();
      const focus = this.cursor >= 0 && this.selection.size === 1 ? g.values[this.cursor] : 0;
      window.SumlogicPlayDraw.decorate(this, svgNode, { conflicts, focus });
      $("sl-board").replaceChildren(svgNode);
      const cursor = this.cursor;
      if (cursor >= 0) {
        $("sl-cell-info").textContent = `${B.cellLabel(board, cursor, g.values[cursor], g.centre[cursor], g.corner[cursor])}`
          + `${conflicts.has(cursor) ? `; conflict: ${conflicts.get(cursor).join("; ")}` : ""}`
          + `${this.selection.size > 1 ? `; ${this.selection.size} cells selected` : ""}; mode ${MODE_TEXT[this.mode]}`;
      }
      document.body.setAttribute("data-conflicts", String(conflicts.size));
    }
  }

  async function main() {
    if (!window.SumlogicBoard || !window.SumlogicPlayGrid || !window.SumlogicPlayInput || !window.SumlogicPlayDraw
        || !window.SumlogicPlayAsk || !window.SumlogicPlayPractise) {
      $("sl-message").textContent = "The board code (viewer.js, play-grid.js, play-input.js) did not load.";
      return;
    }
    Object.assign(Game.prototype, window.SumlogicPlayAsk.methods, window.SumlogicPlayPractise.methods);
    const game = new Game();
    window.SumlogicPlayPractise.bind(game);
    window.sumlogicGame = game;
    game.loadSamples();
    if (!(await game.readHash())) await game.openLinked();
    document.body.setAttribute("data-ready", "true");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
