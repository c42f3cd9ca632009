// Our `observable:runtime` (aliased in vite.config.js / vitest.config.js).
// Same surface as notebook-kit's dist/src/runtime/index.js (`define`, `runtime`, `main`),
// but built on our offline stdlib instead of the kit's CDN-backed one.
import { Runtime } from "@observablehq/runtime";
import { define as defineCell } from "observable:runtime/define.js";
import { observe } from "observable:runtime/display.js";
import { isPlain, markPlain, morph } from "./morph.js";
import { library } from "./stdlib.js";
// Markdown cells are rendered with KaTeX at build time (build/markdown-math.js);
// their CSS + fonts must be on every page, so load them eagerly here.
import "katex/dist/katex.min.css";
// The table of contents, the course's page styles and the names libraries leave out (chrome.js).
import "./chrome.js";

export { library };

/**
 * A fresh runtime + main module. `define` has the kit's signature (state, definition, observer?)
 * and also records each cell's latest status in `cells` (id → {status, error, settledAt}), which the cell
 * tests and the end-to-end test read ("pending" | "fulfilled" | "rejected").
 */
export function createNotebook(builtins = library) {
  const runtime = new Runtime(builtins);
  const main = runtime.module();
  const cells = new Map();
  function define(state, definition, observer = observe) {
    const record = { status: "pending", error: undefined };
    cells.set(definition.id, record);
    defineCell(main, state, definition, (state, definition) => {
      const inner = observer(state, definition);
      return {
        _node: inner._node, // the runtime's visibility() uses it
        pending() {
          record.status = "pending";
          inner.pending?.();
        },
        fulfilled(value) {
          record.status = "fulfilled";
          record.settledAt = performance.now();
          record.error = undefined;
          // Live prose: plain markup replacing plain markup is morphed into it, not swapped (morph.js).
          const shown = state.root.firstChild;
          if (
            definition.autodisplay &&
            !definition.assets &&
            isPlain(value) &&
            isPlain(shown) &&
            shown !== value &&
            shown === state.root.lastChild
          ) {
            markPlain(morph(shown, value));
            return;
          }
          inner.fulfilled?.(value);
        },
        rejected(error) {
          record.status = "rejected";
          record.settledAt = performance.now();
          record.error = error;
          inner.rejected?.(error);
        },
      };
    });
  }
  return { runtime, main, define, cells };
}

const notebook = createNotebook();
export const runtime = notebook.runtime;
export const main = notebook.main;
export const define = notebook.define;
export const cells = notebook.cells;
// for the end-to-end test (e2e.mjs): window.__notebook.cells
if (typeof window !== "undefined") window.__notebook = notebook;
