/* sumlogic serve: the step viewer of a position (GET /view#p=...).
 *
 * The address holds the puzzle and the player's position as the play page
 * writes it. This page asks the server for the solution from there
 * (POST /api/explain with the position) and shows the trace with the step
 * viewer of `sumlogic explain --html` (viewer.js): its start is the
 * player's position, their digits drawn as theirs. Keys: the viewer's
 * (left and right arrows, Home, End; F the first step of a practised
 * technique, when the play page's Practise menu made the puzzle: the
 * address's ``practise.needs``). Plain ES2020, no dependencies.
 */
(() => {
  "use strict";

  const $ = (id) => document.getElementById(id);

  function say(text, tone = "") {
    const status = $("sl-view-message");
    status.textContent = text;
    status.className = `sl-message${tone ? ` is-${tone}` : ""}`;
  }

  async function main() {
    const A = window.SumlogicAddress;
    const B = window.SumlogicBoard;
    if (!A || !B || !B.openViewer) {
      say("The viewer code did not load.", "error");
      return;
    }
    const state = A.find(location.hash);
    if (!state) {
      say("No position in the address: open this page with Solve step by step on the play page.", "error");
      document.body.setAttribute("data-ready", "true");
      return;
    }
    $("sl-back").setAttribute("href", `/#${A.KEY}=${state}`);
    try {
      const data = await A.decode(state);
      if (!data || typeof data.puzzle !== "object") throw new Error("no puzzle in it");
      const trace = await A.call("/api/explain", { puzzle: data.puzzle, position: { placed: data.placed || {}, marks: data.marks || {} } });
      if (trace.status === "mistakes") {
        const list = (trace.mistakes || []).map((m) => m.text).join("; ");
        say(`Your position has mistakes, so there is nothing to solve from it: ${list}.`, "error");
      } else {
        const steps = (trace.steps || []).length;
        say(`${steps} step${steps === 1 ? "" : "s"} from your position (${trace.status}). Use \u2190 and \u2192, Home and End.`);
      }
      if (!trace.id) trace.id = "From your position";
      // a puzzle of the Practise menu: the step page marks the steps of the practised techniques
      if (data.practise && Array.isArray(data.practise.needs)) trace.practise = data.practise.needs;
      B.openViewer($("sumlogic-view"), [trace]);
    } catch (error) {
      say(`Cannot solve from here: ${error.message}`, "error");
    }
    document.body.setAttribute("data-ready", "true");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
  else main();
})();
