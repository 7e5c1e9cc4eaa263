/* sumlogic play page (served by `sumlogic serve`).
 *
 * Paste a puzzle (a link or text in any notation sumlogic reads), play it
 * with the keyboard or the mouse, ask the server to check the position or
 * for a hint (level 1, then 2, then 3), apply the hint's step, grade the
 * puzzle, or open the step viewer from the position (/view, a new tab).
 * Every change of the position can be undone and redone. The board is drawn by the step
 * viewer's code (window.SumlogicBoard, from viewer.js). The puzzle and the
 * position live in the address (#p=...), so a link shares them and a reload
 * restores them: the server keeps nothing between requests.
 * Plain ES2020, no dependencies; everything comes from this server.
 */
(() => {
  "use strict";

  const API = "/api";
  const HASH_KEY = "p";
  const KIND_TEXT = {
    kakuro: "Kakuro", killer: "Killer Sudoku", "greater-killer": "Greater Killer", kropki: "Kropki Sudoku", sudoku: "Sudoku",
  };
  const LEVEL_TEXT = { 1: "where to look", 2: "the cells and digits", 3: "the whole step" };

  const $ = (id) => document.getElementById(id);

  const el = window.SumlogicDom.el;

  // ---------------------------------------------------------------- the address and the server (address.js)

  const encodeState = (data) => window.SumlogicAddress.encode(data);
  const decodeState = (text) => window.SumlogicAddress.decode(text);
  const call = (path, body) => window.SumlogicAddress.call(API + path, body);
  const HISTORY_LIMIT = 500;

  // ---------------------------------------------------------------- the game

  class Game {
    constructor() {
      this.record = null;
      this.board = null;
      this.values = null;
      this.marks = null;
      this.selected = -1;
      this.pencil = false;
      this.hint = null;
      this.hintLevel = 0;
      this.mistakes = new Map();
      this.past = [];
      this.future = [];
      this.writing = Promise.resolve();
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
      $("sl-check").addEventListener("click", () => this.check());
      $("sl-hint").addEventListener("click", () => this.askHint());
      $("sl-apply").addEventListener("click", () => this.applyStep());
      $("sl-grade").addEventListener("click", () => this.grade());
      $("sl-undo").addEventListener("click", () => this.undo());
      $("sl-redo").addEventListener("click", () => this.redo());
      $("sl-steps").addEventListener("click", (e) => {
        if (e.button || e.ctrlKey || e.metaKey || e.shiftKey) return; // the browser's own new tab or window: the href
        e.preventDefault();
        this.openSteps();
      });
      $("sl-mode").addEventListener("click", () => this.setPencil(!this.pencil));
      $("sl-restart").addEventListener("click", () => this.restart());
      document.addEventListener("keydown", (e) => this.key(e));
      window.addEventListener("hashchange", () => this.readHash());
      $("sl-board").addEventListener("click", (e) => {
        const target = e.target.closest && e.target.closest("[data-cell]");
        const i = target ? this.board.index.get(target.getAttribute("data-cell")) : undefined;
        if (i !== undefined) {
          this.selected = i;
          this.draw();
          $("sl-board").focus();
        }
      });
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

    /** Read a pasted link or text on the server, then start it. */
    async open(text) {
      if (!text.trim()) {
        this.say("Paste a puzzle link or text first.", "error");
        return;
      }
      this.say("Reading the puzzle\u2026");
      try {
        const data = await call("/parse", { puzzle: text.trim() });
        const record = data.record;
        delete record.solution;
        this.start(record, {}, {});
        this.say(`${KIND_TEXT[data.kind] || data.kind} ${data.size}, read as ${data.format}.`);
        this.save();
      } catch (error) {
        this.say(`Cannot open it: ${error.message}`, "error");
      }
    }

    /** Show ``record`` with the player's ``placed`` digits and ``marks`` ({"r1c2": 5}, {"r1c3": [1, 2]}). */
    start(record, placed, marks) {
      const B = window.SumlogicBoard;
      this.record = record;
      this.board = B.buildBoard({ kind: record.kind, puzzle: record });
      const n = this.board.cells.length;
      this.values = new Uint8Array(n);
      this.marks = new Uint16Array(n);
      this.board.cells.forEach((cell, i) => { this.values[i] = cell.given; });
      for (const [name, digit] of Object.entries(placed || {})) {
        const i = this.board.index.get(name);
        if (i !== undefined && !this.board.cells[i].given && digit >= 1 && digit <= this.board.maxDigit) this.values[i] = digit;
      }
      for (const [name, digits] of Object.entries(marks || {})) {
        const i = this.board.index.get(name);
        if (i !== undefined) this.marks[i] = B.maskOf(digits);
      }
      this.selected = this.board.cells.findIndex((cell) => !cell.given);
      this.forget();
      this.past = [];
      this.future = [];
      this.mistakes.clear();
      for (const id of ["sl-mistakes", "sl-grade-box"]) $(id).hidden = true;
      for (const id of ["sl-check", "sl-hint", "sl-apply", "sl-grade", "sl-mode", "sl-restart"]) $(id).disabled = false;
      $("sl-steps").setAttribute("aria-disabled", "false");
      this.drawHistory();
      this.drawPad();
      this.draw();
    }

    /** The position as the API takes it (sumlogic.Position.to_dict without the puzzle). */
    position() {
      const placed = {};
      const marks = {};
      this.board.cells.forEach((cell, i) => {
        if (this.values[i] && !cell.given) placed[cell.name] = this.values[i];
        else if (!this.values[i] && this.marks[i]) marks[cell.name] = window.SumlogicBoard.digitsOf(this.marks[i]);
      });
      return { placed, marks };
    }

    /** Write the puzzle and the position into the address (one write at a time, in order). */
    save() {
      if (!this.record) return this.writing;
      const { placed, marks } = this.position();
      const data = { v: 1, puzzle: this.record, placed, marks };
      this.writing = this.writing.then(async () => {
        const hash = `#${HASH_KEY}=${await encodeState(data)}`;
        if (location.hash !== hash) history.replaceState(null, "", hash);
        $("sl-steps").setAttribute("href", `/view${hash}`);
        document.body.setAttribute("data-saved", hash.length);
      }).catch((error) => this.say(`Cannot write the address: ${error.message}`, "error"));
      return this.writing;
    }

    async readHash() {
      const m = new RegExp(`[#&]${HASH_KEY}=([A-Za-z0-9_-]+)`).exec(location.hash);
      if (!m) return false;
      try {
        const data = await decodeState(m[1]);
        if (!data || typeof data.puzzle !== "object") throw new Error("no puzzle in it");
        this.start(data.puzzle, data.placed, data.marks);
        this.say(`${KIND_TEXT[data.puzzle.kind] || data.puzzle.kind}: restored from the address.`);
        return true;
      } catch (error) {
        this.say(`The address holds no puzzle that can be read (${error.message}).`, "error");
        return false;
      }
    }

    forget() {
      this.applied = null;
      this.hint = null;
      this.hintShown = 0;
      this.hintLevel = 0;
      $("sl-hint-box").hidden = true;
      $("sl-hint").textContent = "Hint";
    }

    // ------------------------------------------------------------ moves

    setPencil(on) {
      this.pencil = on;
      $("sl-mode").setAttribute("aria-pressed", String(on));
      $("sl-pad").classList.toggle("is-pencil", on);
    }

    playable(i) {
      return i >= 0 && this.board && !this.board.cells[i].given;
    }

    // ------------------------------------------------------------ undo and redo

    snapshot() {
      return { values: Uint8Array.from(this.values), marks: Uint16Array.from(this.marks) };
    }

    /** Remember the position before a change (Undo goes back to it); a new change forgets what Redo had. */
    remember() {
      this.past.push(this.snapshot());
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
      this.future = [];
      this.drawHistory();
    }

    undo() {
      if (!this.board || !this.past.length) return this.say("Nothing to undo.");
      this.future.push(this.snapshot());
      this.restore(this.past.pop(), "Undone.");
    }

    redo() {
      if (!this.board || !this.future.length) return this.say("Nothing to redo.");
      this.past.push(this.snapshot());
      this.restore(this.future.pop(), "Redone.");
    }

    restore(state, words) {
      this.values = state.values;
      this.marks = state.marks;
      this.mistakes.clear();
      $("sl-mistakes").hidden = true;
      this.forget();
      this.drawHistory();
      this.draw();
      this.say(words);
      this.save();
    }

    drawHistory() {
      $("sl-undo").disabled = !this.past.length;
      $("sl-redo").disabled = !this.future.length;
    }

    /** Place ``digit`` in the selected cell (the same digit again clears it), or toggle it as a mark. */
    enter(digit, asMark) {
      const i = this.selected;
      if (!this.playable(i) || digit < 1 || digit > this.board.maxDigit) return;
      if (asMark && this.values[i]) return;
      this.remember();
      if (asMark) {
        this.marks[i] ^= 1 << digit;
      } else {
        this.values[i] = this.values[i] === digit ? 0 : digit;
      }
      this.changed(i);
    }

    erase() {
      const i = this.selected;
      if (!this.playable(i) || (!this.values[i] && !this.marks[i])) return;
      this.remember();
      if (this.values[i]) this.values[i] = 0;
      else this.marks[i] = 0;
      this.changed(i);
    }

    changed(i) {
      this.mistakes.delete(this.board.cells[i].name);
      this.forget();
      this.draw();
      this.save();
    }

    restart() {
      this.remember();
      this.board.cells.forEach((cell, i) => {
        this.values[i] = cell.given;
        this.marks[i] = 0;
      });
      this.mistakes.clear();
      this.forget();
      $("sl-mistakes").hidden = true;
      this.draw();
      this.save();
    }

    move(dr, dc) {
      const board = this.board;
      const at = board.cells[this.selected] || board.cells[0];
      let [r, c] = [at.r, at.c];
      for (;;) {
        r += dr;
        c += dc;
        if (r < 0 || c < 0 || r >= board.height || c >= board.width) return;
        const i = board.index.get(window.SumlogicBoard.cellName(r, c));
        if (i !== undefined) {
          this.selected = i;
          this.draw();
          return;
        }
      }
    }

    key(e) {
      if (!this.board || e.target.closest("textarea, input, select")) return;
      const letter = e.key.length === 1 ? e.key.toLowerCase() : "";
      if (e.ctrlKey || e.metaKey) {
        if (e.altKey) return;
        if (letter === "z" && !e.shiftKey) this.undo();
        else if (letter === "y" || (letter === "z" && e.shiftKey)) this.redo();
        else return;
        e.preventDefault();
        return;
      }
      const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      const digit = /^(Digit|Numpad)([0-9])$/.exec(e.code || "");
      const actions = {
        h: () => this.askHint(), a: () => this.applyStep(), c: () => this.check(), g: () => this.grade(),
        s: () => this.openSteps(), p: () => this.setPencil(!this.pencil), r: () => this.restart(),
      };
      if (arrows[e.key]) this.move(...arrows[e.key]);
      else if (!digit && !e.altKey && actions[letter]) actions[letter]();
      else if (digit && digit[2] !== "0") this.enter(Number(digit[2]), this.pencil !== (e.shiftKey || e.altKey));
      else if (e.key === "Backspace" || e.key === "Delete" || (digit && digit[2] === "0")) this.erase();
      else if (e.key === " " && !e.target.closest("button")) this.setPencil(!this.pencil);
      else return;
      e.preventDefault();
    }

    // ------------------------------------------------------------ asking the server

    async check() {
      this.say("Checking\u2026");
      try {
        const data = await call("/check", { puzzle: this.record, position: this.position() });
        this.mistakes = new Map();
        for (const m of data.mistakes || []) {
          const list = this.mistakes.get(m.cell) || [];
          list.push(m);
          this.mistakes.set(m.cell, list);
        }
        const box = $("sl-mistakes");
        const found = data.mistakes || [];
        box.replaceChildren(el("h2", { text: found.length ? `${found.length} mistake${found.length > 1 ? "s" : ""}` : "No mistakes" }),
          found.length ? el("ul", {}, found.map((m) => el("li", { "data-cell": m.cell, text: `${m.cell}: ${m.text}` }))) : null);
        box.hidden = false;
        const solved = data.status === "solved";
        this.say(found.length ? "Mistakes are flagged in red." : solved ? "Solved: well done!" : "No mistakes so far.", found.length ? "error" : "good");
        this.draw();
        this.save();
      } catch (error) {
        this.say(`Cannot check: ${error.message}`, "error");
      }
    }

    async askHint() {
      const level = Math.min(3, this.hintLevel + 1);
      this.say("Looking for a hint\u2026");
      try {
        const data = await call("/hint", { puzzle: this.record, position: this.position(), level });
        this.hint = data;
        this.hintShown = level;
        this.hintLevel = level;
        this.showHint(data, level);
        $("sl-hint").textContent = level < 3 ? "More hint" : "Hint";
        if (level === 3) this.hintLevel = 0;
        this.say("");
        this.draw();
        this.save();
      } catch (error) {
        this.say(`No hint: ${error.message}`, "error");
      }
    }

    /** Do the hint's step: ask for it whole (level 3) unless it is shown already, then take the position
     * the server gives after it (``after``: its digits placed, its eliminations out of the marks). */
    async applyStep() {
      this.say("Applying the next step\u2026");
      try {
        let data = this.hint;
        if (!data || this.hintShown !== 3 || !data.after) {
          data = await call("/hint", { puzzle: this.record, position: this.position(), level: 3 });
        }
        if (!data.after) {
          this.hint = data;
          this.hintShown = 3;
          this.showHint(data, 3);
          this.draw();
          this.say(data.status === "mistakes" ? "Fix the mistakes first: no step is built on them."
            : `No step to apply (${data.status}).`, "error");
          return;
        }
        this.remember();
        const B = window.SumlogicBoard;
        this.board.cells.forEach((cell, i) => {
          this.values[i] = cell.given;
          this.marks[i] = 0;
        });
        for (const [name, digit] of Object.entries(data.after.placed || {})) {
          const i = this.board.index.get(name);
          if (i !== undefined && !this.board.cells[i].given) this.values[i] = digit;
        }
        for (const [name, digits] of Object.entries(data.after.marks || {})) {
          const i = this.board.index.get(name);
          if (i !== undefined && !this.values[i]) this.marks[i] = B.maskOf(digits);
        }
        this.mistakes.clear();
        $("sl-mistakes").hidden = true;
        this.forget();
        const box = $("sl-hint-box");
        box.replaceChildren(el("h2", {}, `Applied: ${data.name || data.technique}`),
          el("p", { class: "sl-hint-text", text: data.text || "" }));
        box.setAttribute("data-level", "applied");
        box.hidden = false;
        this.applied = data.step || null;
        this.draw();
        this.say(`Applied ${data.name || data.technique}. Undo with Ctrl+Z.`, "good");
        this.save();
      } catch (error) {
        this.say(`Cannot apply a step: ${error.message}`, "error");
      }
    }

    /** Open the step viewer (/view#p=...) from the position in a new tab, once the address holds it. */
    async openSteps() {
      if (!this.board) return;
      await this.save();
      window.open(`/view${location.hash}`, "_blank");
    }

    async grade() {
      this.say("Grading the puzzle\u2026");
      try {
        const data = await call("/grade", { puzzle: this.record });
        const box = $("sl-grade-box");
        // The grade says only what the estimate knows (issue 29): "about N minutes", "more than 50 minutes", or none.
        const minutes = typeof data.estimate === "string" && data.estimate ? data.estimate : "no time estimate";
        box.replaceChildren(
          el("h2", {}, "Grade: ", el("span", { class: "sl-grade-band", text: data.band || data.status })),
          el("p", { class: "sl-grade-text", text: `Level ${data.level}, ${minutes} for a person (${data.steps} steps, status ${data.status}).` }));
        box.setAttribute("data-band", data.band || "");
        box.hidden = false;
        this.say("");
        this.save();
      } catch (error) {
        this.say(`Cannot grade: ${error.message}`, "error");
      }
    }

    showHint(data, level) {
      const box = $("sl-hint-box");
      const title = data.name || (data.status === "mistakes" ? "Mistakes first" : "No hint");
      const text = data.text || (data.status ? `No step to give: ${data.status}.` : "");
      box.replaceChildren(
        el("h2", {}, title, " ", el("span", { class: "sl-hint-level", text: `(level ${level}: ${LEVEL_TEXT[level]})` })),
        el("p", { class: "sl-hint-text", text }));
      box.setAttribute("data-level", level);
      box.hidden = false;
      if (data.status === "mistakes") {
        this.mistakes = new Map();
        for (const m of data.mistakes || []) this.mistakes.set(m.cell, [...(this.mistakes.get(m.cell) || []), m]);
      }
    }

    // ------------------------------------------------------------ drawing

    drawPad() {
      const pad = $("sl-pad");
      const buttons = [];
      for (let d = 1; d <= this.board.maxDigit; d++) {
        buttons.push(el("button", { type: "button", "data-digit": d, text: d, onclick: (e) => this.enter(d, this.pencil !== e.shiftKey) }));
      }
      buttons.push(el("button", { type: "button", "aria-label": "Clear the cell", text: "\u232b", onclick: () => this.erase() }));
      pad.replaceChildren(...buttons);
    }

    /** What the hint draws: level 1 outlines where to look, 2 also marks the cells and
     * candidates involved, 3 shows the whole step with its effects. */
    hintMarks() {
      if (this.applied) return { technique: this.applied.technique, placements: this.applied.placements, highlights: this.applied.highlights };
      const data = this.hint;
      if (!data || !data.technique) return null;
      if (this.hintShown === 3 && data.step) return data.step;
      const highlights = { regions: whereRegions(this.board, data.where) };
      if (this.hintShown === 2) {
        highlights.cells = data.cells || [];
        highlights.candidates = data.candidates || [];
      }
      return { technique: data.technique, highlights };
    }

    draw() {
      const B = window.SumlogicBoard;
      const board = this.board;
      const state = { values: this.values, cands: this.marks };
      const kind = KIND_TEXT[board.kind] || board.kind;
      const svgNode = B.drawBoard(board, state, this.hintMarks(), `${kind} ${board.height}x${board.width}`);
      board.cells.forEach((cell, i) => {
        const rect = svgNode.querySelector(`rect.sl-cell[data-cell="${cell.name}"]`);
        if (!rect) return;
        const wrong = this.mistakes.has(cell.name);
        if (i === this.selected) rect.classList.add("is-selected");
        if (wrong) {
          rect.classList.add("is-mistake");
          const digit = svgNode.querySelector(`g[data-cell="${cell.name}"] .sl-digit`);
          if (digit) digit.classList.add("is-wrong");
        }
      });
      const chosen = board.cells[this.selected];
      if (chosen) {
        const frame = document.createElementNS("http://www.w3.org/2000/svg", "rect");
        const size = 60;
        for (const [k, v] of Object.entries({ class: "sl-cell-frame", x: chosen.c * size + 2, y: chosen.r * size + 2, width: size - 4, height: size - 4 })) frame.setAttribute(k, v);
        svgNode.append(frame);
      }
      $("sl-board").replaceChildren(svgNode);
    }
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

  async function main() {
    if (!window.SumlogicBoard) {
      $("sl-message").textContent = "The board code (viewer.js) did not load.";
      return;
    }
    const game = new Game();
    window.sumlogicGame = game;
    game.loadSamples();
    await game.readHash();
    document.body.setAttribute("data-ready", "true");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
