/* sumlogic play page: what the page asks the server (the Game's methods, mixed in by play.js).
 *
 * On opening, whether the puzzle has one solution (POST /api/solve; for none,
 * the reason from /api/explain when it gives one); Check (POST /api/check:
 * digits, centre marks as candidates, corner marks as positions) and, when
 * the grid is full, the solved moment; Hint at three levels and Apply step
 * (POST /api/hint); Grade; the step viewer of the position (/view#p=...).
 * An answer about a grid that has changed meanwhile is dropped: what the page
 * says is always about the grid shown.
 * Plain ES2020; window.SumlogicPlayAsk.
 */
(() => {
  "use strict";

  const LEVEL_TEXT = { 1: "where to look", 2: "the cells and digits", 3: "the whole step" };
  const NARROW = "(max-width: 700px)";
  const $ = (id) => document.getElementById(id);
  const el = window.SumlogicDom.el;
  const call = (path, body) => window.SumlogicAddress.call(`/api${path}`, body);

  /** "m:ss" (or "h:mm:ss") of a number of milliseconds. */
  function clock(ms) {
    const s = Math.floor(ms / 1000);
    const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
    const two = (n) => String(n).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
  }

  const methods = {
    /** Before anyone plays: say so when the puzzle has several solutions or none (with the reason when known). */
    async warnIfNotUnique() {
      const box = $("sl-warning");
      box.hidden = true;
      box.textContent = "";
      const token = ++this.opened;
      const record = this.record;
      try {
        const data = await call("/solve", { puzzle: record, logic: false });
        if (token !== this.opened) return;
        let text = "";
        if (data.status === "multiple") {
          text = "This puzzle has more than one solution (the solver found at least 2), so it cannot be solved by logic alone: "
            + "hints and checks may stop where the solutions part.";
        } else if (data.status === "no-solution") {
          let reason = "";
          try {
            const trace = await call("/explain", { puzzle: record, guess: false });
            reason = typeof trace.reason === "string" ? trace.reason : "";
          } catch (error) {
            reason = "";
          }
          if (token !== this.opened) return;
          text = `This puzzle has no solution${reason ? `: ${reason}` : " (status: no-solution)."}`;
        } else if (data.status !== "solved") {
          text = `The solver could not settle whether this puzzle has one solution (status: ${data.status}).`;
        }
        if (text) {
          box.textContent = text;
          box.setAttribute("data-status", data.status);
          box.hidden = false;
        }
        document.body.setAttribute("data-checked", data.status);
      } catch (error) {
        if (token === this.opened) document.body.setAttribute("data-checked", "error");
      }
    },


    /** Bring the board, the pad and the words just written into view together (phones). */
    reveal() {
      if (window.matchMedia && window.matchMedia(NARROW).matches) $("sl-play").scrollIntoView({ block: "start" });
    },

    async check(auto = false) {
      if (!this.board) return;
      const asked = this.grid.snapshot();
      if (!auto) this.say("Checking\u2026");
      try {
        const data = await call("/check", { puzzle: this.record, position: this.position() });
        if (!this.grid.same(asked)) return; // the grid changed meanwhile: this answer is about another grid
        const found = data.mistakes || [];
        this.mistakes = new Map();
        for (const m of found) this.mistakes.set(m.cell, [...(this.mistakes.get(m.cell) || []), m]);
        const solved = (data.status === "complete" || data.status === "solved") && !found.length;
        if (solved) return this.solvedMoment();
        if (auto && !found.length) return;
        const box = $("sl-mistakes");
        box.replaceChildren(el("h2", { text: found.length ? `${found.length} mistake${found.length > 1 ? "s" : ""}` : "No mistakes" }),
          found.length ? el("ul", {}, found.map((m) => el("li", { "data-cell": m.cell, text: `${m.cell}: ${m.text}` }))) : null);
        box.hidden = false;
        this.say(found.length ? "Mistakes are flagged in red." : "No mistakes so far.", found.length ? "error" : "good");
        this.draw();
        this.reveal();
      } catch (error) {
        this.say(`Cannot check: ${error.message}`, "error");
      }
    },

    solvedMoment() {
      this.elapsed = this.time();
      this.solved = true;
      this.tick();
      const banner = $("sl-solved");
      banner.textContent = `Solved in ${clock(this.elapsed)}: every digit checked against the solution. Well done!`;
      banner.hidden = false;
      document.body.setAttribute("data-solved", "true");
      this.say("Solved!", "good");
      this.draw();
      this.save();
    },

    async askHint() {
      if (!this.board) return;
      const level = Math.min(3, this.hintLevel + 1);
      const asked = this.grid.snapshot();
      this.say("Looking for a hint\u2026");
      try {
        const data = await call("/hint", { puzzle: this.record, position: this.position(), level });
        if (!this.grid.same(asked)) return;
        this.hint = data;
        this.hintShown = level;
        this.hintLevel = level === 3 ? 0 : level;
        this.showHint(data, level);
        $("sl-hint").textContent = level < 3 && data.technique ? "More hint" : "Hint";
        this.say("");
        this.draw();
        this.reveal();
      } catch (error) {
        this.say(`No hint: ${error.message}`, "error");
      }
    },

    /** Do the hint's step: ask for it whole (level 3) unless it is shown already, then take the position
     * the server gives after it (``after``: its digits placed, its eliminations out of the centre marks). */
    async applyStep() {
      if (!this.board) return;
      this.say("Applying the next step\u2026");
      const asked = this.grid.snapshot();
      try {
        let data = this.hint;
        if (!data || this.hintShown !== 3 || !data.after) {
          data = await call("/hint", { puzzle: this.record, position: this.position(), level: 3 });
        }
        if (!this.grid.same(asked)) return;
        if (!data.after) {
          this.hint = data;
          this.hintShown = 3;
          this.showHint(data, 3);
          this.draw();
          this.say(data.status === "mistakes" ? "Fix the mistakes first: no step is built on them."
            : `No step to apply (${data.status}).`, "error");
          return this.reveal();
        }
        this.takePosition(data.after, true);
        const box = $("sl-hint-box");
        box.replaceChildren(el("h2", {}, `Applied: ${data.name || data.technique}`),
          el("p", { class: "sl-hint-text", text: data.text || "" }));
        box.setAttribute("data-level", "applied");
        box.hidden = false;
        this.applied = data.step || null;
        this.draw();
        this.say(`Applied ${data.name || data.technique}. Undo with Ctrl+Z.`, "good");
        this.reveal();
      } catch (error) {
        this.say(`Cannot apply a step: ${error.message}`, "error");
      }
    },

    /** Open the step viewer (/view#p=...) from the position in a new tab, once the address holds it. */
    async openSteps() {
      if (!this.board) return;
      await this.save();
      window.open(`/view${location.hash}`, "_blank");
    },

    async grade() {
      if (!this.board) return;
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
      } catch (error) {
        this.say(`Cannot grade: ${error.message}`, "error");
      }
    },

    showHint(data, level) {
      const box = $("sl-hint-box");
      const warning = $("sl-warning").hidden ? "" : ` ${$("sl-warning").textContent}`;
      const title = data.name || (data.status === "mistakes" ? "Mistakes first" : "No hint");
      const words = { multiple: "the puzzle has more than one solution, so logic cannot settle the rest.",
        "no-solution": "the puzzle has no solution.", solved: "the grid is full." };
      const text = data.text || (data.status ? `No step to give: ${words[data.status] || data.status}${data.status === "multiple" ? "" : warning}` : "");
      box.replaceChildren(
        el("h2", {}, title, " ", el("span", { class: "sl-hint-level", text: `(level ${level}: ${LEVEL_TEXT[level]})` })),
        el("p", { class: "sl-hint-text", text }));
      box.setAttribute("data-level", level);
      box.hidden = false;
      if (data.status === "mistakes") {
        this.mistakes = new Map();
        for (const m of data.mistakes || []) this.mistakes.set(m.cell, [...(this.mistakes.get(m.cell) || []), m]);
      }
    },
  };

  window.SumlogicPlayAsk = Object.freeze({ methods, clock });
})();
