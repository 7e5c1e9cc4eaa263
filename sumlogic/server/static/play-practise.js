/* sumlogic play page: the Practise menu (a fresh puzzle that needs a chosen technique).
 *
 * The Practise button (key N) opens a menu: a kind, a technique that kind
 * can need (GET /api/techniques: ``needable``; grouped by level, easiest first, by name), "nothing
 * harder" and an optional seed. Make a puzzle asks POST /api/generate; while
 * the server works the menu says so and Cancel (or Escape) stops it: the
 * request is aborted and the server stops the job. A failure is one line.
 * The puzzle opens with a Practise box: which technique, the steps of its
 * explained path that need it, and a button that plays up to the first of
 * them (the position the server sent). The address keeps the practised ids
 * (#p=...: ``practise``), so the step page of the puzzle marks those steps.
 * Plain ES2020; window.SumlogicPlayPractise.bind(game).
 */
(() => {
  "use strict";

  const KINDS = [["sudoku", "Sudoku"], ["killer", "Killer Sudoku"], ["greater-killer", "Greater Killer"],
    ["kropki", "Kropki Sudoku"], ["kakuro", "Kakuro"]];
  const LEFT_OUT = new Set(["guess"]); // the last resort is no technique to practise
  const STORE = "sumlogic.practise";
  const $ = (id) => document.getElementById(id);
  const el = window.SumlogicDom.el;

  /** The techniques ``kind`` can need (``needable``: its ids, or all that apply to it when not given) as
   * ``[[level, [record, ...]], ...]``, easiest level first, by name within a level. */
  function byLevel(rows, kind, needable) {
    const levels = new Map();
    const can = needable && Array.isArray(needable[kind]) ? new Set(needable[kind]) : null;
    for (const row of rows) {
      if (!row.kinds.includes(kind) || LEFT_OUT.has(row.id) || (can && !can.has(row.id))) continue;
      if (!levels.has(row.level)) levels.set(row.level, []);
      levels.get(row.level).push(row);
    }
    return [...levels.entries()].sort((a, b) => a[0] - b[0])
      .map(([level, list]) => [level, list.sort((a, b) => a.name.localeCompare(b.name))]);
  }

  class Practise {
    constructor(game) {
      this.game = game;
      this.rows = [];
      this.asking = null; // the AbortController of the request in flight
      this.bind();
    }

    bind() {
      $("sl-practise").addEventListener("click", () => (this.isOpen() ? this.close() : this.open()));
      $("sl-practise-close").addEventListener("click", () => this.close());
      $("sl-practise-cancel").addEventListener("click", () => this.cancel());
      $("sl-practise-kind").addEventListener("change", () => this.fill());
      $("sl-practise-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.make();
      });
      $("sl-practise-first").addEventListener("click", () => this.game.practiseFirst());
      // Escape cancels the work in hand wherever the focus is, else closes the menu from inside it
      document.addEventListener("keydown", (e) => {
        if (e.key !== "Escape") return;
        const inside = $("sl-practise-menu").contains(e.target);
        if (!this.asking && !(inside && this.isOpen())) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        if (this.asking) this.cancel();
        else this.close();
      }, true);
      document.addEventListener("keydown", (e) => {
        const t = e.target;
        if (e.ctrlKey || e.metaKey || e.altKey || (t && t.closest && t.closest("textarea, input, select"))) return;
        if (e.key === "n" || e.key === "N") {
          e.preventDefault();
          this.open();
        }
      });
    }

    isOpen() {
      return !$("sl-practise-menu").hidden;
    }

    async open() {
      const menu = $("sl-practise-menu");
      menu.hidden = false;
      $("sl-practise").setAttribute("aria-expanded", "true");
      if (!this.rows.length) await this.load();
      $("sl-practise-kind").focus();
      document.body.setAttribute("data-practise-menu", "open");
    }

    close() {
      if (this.asking) this.cancel();
      $("sl-practise-menu").hidden = true;
      $("sl-practise").setAttribute("aria-expanded", "false");
      $("sl-practise").focus();
      document.body.setAttribute("data-practise-menu", "closed");
    }

    async load() {
      try {
        const data = await window.SumlogicAddress.call("/api/techniques");
        this.rows = data.techniques || [];
        this.needable = data.needable || null;
      } catch (error) {
        this.fail(`Cannot list the techniques: ${error.message}`);
        return;
      }
      let kept = {};
      try {
        kept = JSON.parse(localStorage.getItem(STORE) || "{}") || {};
      } catch (error) {
        kept = {};
      }
      const kind = $("sl-practise-kind");
      if (KINDS.some(([k]) => k === kept.kind)) kind.value = kept.kind;
      this.fill(kept.technique);
    }

    /** The technique list of the kind chosen, grouped by level; ``wanted`` chosen when it is there. */
    fill(wanted) {
      const select = $("sl-practise-technique");
      const before = wanted || select.value;
      const groups = byLevel(this.rows, $("sl-practise-kind").value, this.needable);
      select.replaceChildren(...groups.map(([level, list]) => el("optgroup", { label: `Level ${level}` },
        list.map((row) => el("option", { value: row.id, title: row.example || "", text: row.name })))));
      if ([...select.options].some((o) => o.value === before)) select.value = before;
      document.body.setAttribute("data-practise-techniques", String(select.options.length));
    }

    /** What the menu asks for: {kind, needs, hardest, seed}. */
    request() {
      const seedText = $("sl-practise-seed").value.trim();
      return {
        kind: $("sl-practise-kind").value,
        needs: [$("sl-practise-technique").value],
        hardest: $("sl-practise-hardest").checked,
        seed: seedText === "" ? null : Number(seedText),
      };
    }

    working(on, text = "") {
      $("sl-practise-working").hidden = !on;
      $("sl-practise-working-text").textContent = text;
      $("sl-practise-menu").setAttribute("aria-busy", String(on));
      $("sl-practise-go").disabled = on;
    }

    fail(text) {
      const line = $("sl-practise-error");
      line.textContent = text.split("\n")[0];
      line.hidden = false;
      document.body.setAttribute("data-practise", "failed");
    }

    async make() {
      if (this.asking) return;
      const body = this.request();
      const select = $("sl-practise-technique");
      const name = select.selectedOptions.length ? select.selectedOptions[0].textContent : body.needs[0];
      const kindName = KINDS.find(([k]) => k === body.kind)[1];
      if (!body.needs[0]) return this.fail("Choose a technique first.");
      if (body.seed !== null && !(Number.isInteger(body.seed) && body.seed >= 0)) {
        return this.fail("The seed is a whole number, 0 or more (or leave it empty).");
      }
      try {
        localStorage.setItem(STORE, JSON.stringify({ kind: body.kind, technique: body.needs[0] }));
      } catch (error) {
        // storage refused: the menu starts from its defaults next time
      }
      $("sl-practise-error").hidden = true;
      const asking = new AbortController();
      this.asking = asking;
      this.working(true, `Making a ${kindName} that needs ${name}\u2026`);
      document.body.setAttribute("data-practise", "working");
      try {
        const data = await window.SumlogicAddress.call("/api/generate", body, { signal: asking.signal });
        if (this.asking !== asking) return;
        this.asking = null;
        this.working(false);
        document.body.setAttribute("data-practise", "ready");
        this.game.startPractise(data);
        $("sl-practise-menu").hidden = true;
        $("sl-practise").setAttribute("aria-expanded", "false");
        document.body.setAttribute("data-practise-menu", "closed");
      } catch (error) {
        if (this.asking !== asking) return; // cancelled: said so already
        this.asking = null;
        this.working(false);
        this.fail(`No puzzle: ${error.message}`);
      }
    }

    cancel() {
      const asking = this.asking;
      if (!asking) return;
      this.asking = null;
      asking.abort();
      this.working(false);
      const line = $("sl-practise-error");
      line.textContent = "Cancelled: no puzzle was made.";
      line.hidden = false;
      document.body.setAttribute("data-practise", "cancelled");
      $("sl-practise-go").focus();
    }
  }

  /** The Game's methods for a practised puzzle (mixed in by play.js). */
  const methods = {
    /** Open the puzzle of a generate answer, with its Practise box. */
    startPractise(data) {
      this.start(data.record, {}, 0);
      this.practise = { needs: data.needs, names: data.names, seed: data.seed, kind: data.kind,
        needed: data.needed || [], steps: data.steps, before: data.before };
      this.showPractise();
      this.save();
      this.say(`A fresh ${data.kind} (seed ${data.seed}) that needs ${data.names.join(", ")}.`, "good");
      $("sl-board").focus({ preventScroll: true });
    },

    /** The Practise box: the technique, where the path needs it, and the way to its first step. */
    showPractise() {
      const box = $("sl-practise-box");
      const p = this.practise;
      if (!p) {
        box.hidden = true;
        return;
      }
      const names = (p.names || p.needs).join(", ");
      let text = `Practising ${names}.`;
      if (p.needed && p.needed.length) {
        const shown = p.needed.slice(0, 6).join(", ") + (p.needed.length > 6 ? ", \u2026" : "");
        text += ` The solving path needs it at step${p.needed.length > 1 ? "s" : ""} ${shown} of ${p.steps}`
          + ` (seed ${p.seed}); Hint names it when it is next, and Step by step marks those steps.`;
      }
      $("sl-practise-text").textContent = text;
      $("sl-practise-first").hidden = !(p.before && p.needed && p.needed.length);
      $("sl-practise-first").textContent = `Go to the first ${names}`;
      box.hidden = false;
    },

    /** Play every step before the first practised one (the position the server sent); Undo takes it back. */
    practiseFirst() {
      const p = this.practise;
      if (!this.board || !p || !p.before) return;
      this.takePosition(p.before, false);
      this.say(`Step ${p.needed[0] - 1} of ${p.steps} done: the next step needs ${(p.names || p.needs).join(", ")}. `
        + "Press H for a hint.", "good");
      $("sl-board").focus({ preventScroll: true });
    },
  };

  function bind(game) {
    return new Practise(game);
  }

  window.SumlogicPlayPractise = Object.freeze({ bind, methods, byLevel });
})();
