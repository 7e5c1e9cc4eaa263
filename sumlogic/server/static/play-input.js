/* sumlogic play page: the mouse, touch and keyboard, as SudokuPad players expect.
 *
 * Selecting: a click selects a cell; dragging adds the cells passed over;
 * Shift- or Ctrl-click adds a cell (Ctrl-click on a selected cell takes it
 * out); a double click selects every cell holding that digit; the arrow keys
 * move (with Shift or Ctrl they extend the selection); Ctrl+A selects all.
 * Entering: the digit keys act in the mode (Z Normal, X Corner, C Centre,
 * V Colour, Space the next mode); while typing, Shift gives a corner mark and
 * Ctrl (or Alt) a centre mark for that key only, Ctrl+Shift a colour.
 * Delete, Backspace or 0 clear; Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes.
 * The other keys: H hint, A apply step, K check, G grade, S step by step,
 * P pause, R restart, Escape keeps only the cursor cell selected.
 * Plain ES2020; window.SumlogicPlayInput.bind(game).
 */
(() => {
  "use strict";

  const MODES = ["normal", "corner", "centre", "colour"];
  const MODE_KEYS = { z: "normal", x: "corner", c: "centre", v: "colour" };
  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  /** The cell index under a pointer event, or undefined. */
  function cellAt(game, event) {
    if (!game.board) return undefined;
    const hit = document.elementFromPoint(event.clientX, event.clientY);
    const rect = hit && hit.closest && hit.closest("rect.sl-cell[data-cell]");
    return rect ? game.board.index.get(rect.getAttribute("data-cell")) : undefined;
  }

  function bindPointer(game, box) {
    let drag = null; // {remove: bool} while a button is down
    box.addEventListener("pointerdown", (event) => {
      if (event.button !== 0 || game.paused) return;
      const i = cellAt(game, event);
      if (i === undefined) return;
      box.focus({ preventScroll: true });
      const adding = event.shiftKey || event.ctrlKey || event.metaKey;
      const remove = (event.ctrlKey || event.metaKey) && game.selection.has(i);
      if (!adding) game.selection.clear();
      drag = { remove };
      game.touch(i, remove);
      if (box.setPointerCapture && event.pointerId !== undefined) {
        try {
          box.setPointerCapture(event.pointerId);
        } catch (error) {
          // a synthetic event has no pointer to capture: the drag still works without it
        }
      }
    });
    box.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const i = cellAt(game, event);
      if (i !== undefined && game.selection.has(i) === drag.remove) game.touch(i, drag.remove);
    });
    const end = () => { drag = null; };
    box.addEventListener("pointerup", end);
    box.addEventListener("pointercancel", end);
    // a double click (the board is redrawn between the clicks, so the second press's count tells it)
    box.addEventListener("mousedown", (event) => {
      if (event.detail !== 2 || event.button !== 0 || game.paused) return;
      const i = cellAt(game, event);
      if (i !== undefined) game.selectSame(i);
    });
  }

  /** The layer a digit key writes to: the mode, or the one-shot layer its modifiers ask for. */
  function layerOf(game, event) {
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && event.shiftKey) return "colour";
    if (event.shiftKey) return "corner";
    if (ctrl || event.altKey) return "centre";
    return game.mode;
  }

  function key(game, event) {
    const target = event.target;
    if (target && target.closest && target.closest("textarea, input, select, summary")) return;
    if (!game.board) return;
    const letter = event.key.length === 1 ? event.key.toLowerCase() : "";
    const ctrl = event.ctrlKey || event.metaKey;
    const digit = /^(Digit|Numpad)([0-9])$/.exec(event.code || "");
    if (game.paused) {
      if (letter === "p" && !ctrl) {
        game.pause(false);
        event.preventDefault();
      }
      return;
    }
    if (ctrl && !digit && !event.altKey) {
      if (letter === "z" && !event.shiftKey) game.undo();
      else if (letter === "y" || (letter === "z" && event.shiftKey)) game.redo();
      else if (letter === "a") game.selectAll();
      else if (ARROWS[event.key]) game.move(...ARROWS[event.key], true);
      else return;
      event.preventDefault();
      return;
    }
    const actions = {
      h: () => game.askHint(), a: () => game.applyStep(), k: () => game.check(), g: () => game.grade(),
      s: () => game.openSteps(), p: () => game.pause(true), r: () => game.restart(),
    };
    if (ARROWS[event.key]) game.move(...ARROWS[event.key], event.shiftKey);
    else if (digit && digit[2] !== "0") game.enter(Number(digit[2]), layerOf(game, event));
    else if (event.key === "Backspace" || event.key === "Delete" || (digit && digit[2] === "0")) game.erase();
    else if (event.altKey) return;
    else if (MODE_KEYS[letter]) game.setMode(MODE_KEYS[letter]);
    else if (event.key === " " && !(target && target.closest && target.closest("button, a"))) {
      game.setMode(MODES[(MODES.indexOf(game.mode) + 1) % MODES.length]);
    } else if (event.key === "Escape") game.collapse();
    else if (actions[letter]) actions[letter]();
    else return;
    event.preventDefault();
  }

  function bind(game) {
    bindPointer(game, document.getElementById("sl-board"));
    document.addEventListener("keydown", (event) => key(game, event));
  }

  window.SumlogicPlayInput = Object.freeze({ bind, MODES });
})();
