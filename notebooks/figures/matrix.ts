/**
 * A matrix shown as a table, the way it is written on paper (rows and columns), with chosen entries
 * highlighted. Reads the library's column-major storage: entry (r, c) of an n×n matrix is `m[n·c + r]`.
 * Tables never overflow the text column: a row of them wraps at 640 px, and one table wider than the
 * column (a 4×4 at 15 digits) scrolls sideways inside its own box.
 */

import { palette } from "./palette.ts";

export interface MatrixTableOptions {
  /** A label shown before the matrix, e.g. "R_x(α)" (plain text). */
  label?: string;
  /** Digits after the decimal point (default 3). */
  digits?: number;
  /** Entries to highlight, as `[row, column]` pairs. */
  highlight?: readonly (readonly [number, number])[];
  /** Highlight entries that differ from this matrix by more than `1e-9` (e.g. the previous step). */
  compareWith?: ArrayLike<number>;
}

const STYLE = `
.matrix-table { display: inline-flex; align-items: center; gap: .5em; max-width: calc(100% - 1em); overflow-x: auto; vertical-align: middle; margin: .25em 1em .25em 0; font: 13px/1.3 var(--monospace, ui-monospace, monospace); }
.matrix-table table { border-collapse: collapse; border-left: 2px solid currentColor; border-right: 2px solid currentColor; }
.matrix-table td { padding: 1px 5px; text-align: right; min-width: 3.2em; }
.matrix-table td.hl { background: ${palette.light.amber}; font-weight: 600; }
.matrix-table .label { font-style: italic; white-space: nowrap; flex-shrink: 0; }
/* A row of tables (a cell's <div> of them) wraps within the text column, like the scenes (640 px). */
div:has(> .matrix-table) { max-width: 640px; }
/* On a phone the label goes above its matrix, so that the matrix keeps the whole width for its columns. */
@media (max-width: 560px) {
  .matrix-table { flex-direction: column; align-items: flex-start; gap: .15em; }
}
`;

let styled = false;

/** Renders a square matrix (3×3 or 4×4, column-major) as an HTML table. */
export function matrixTable(
  m: ArrayLike<number>,
  { label, digits = 3, highlight = [], compareWith }: MatrixTableOptions = {},
): HTMLElement {
  if (!styled && typeof document !== "undefined") {
    const style = document.createElement("style");
    style.textContent = STYLE;
    document.head.append(style);
    styled = true;
  }
  const n = Math.round(Math.sqrt(m.length));
  if (n * n !== m.length) throw new RangeError(`matrixTable: m must be square (3×3 or 4×4), got ${m.length} numbers`);
  const wrap = document.createElement("div");
  wrap.className = "matrix-table";
  if (label) {
    const span = document.createElement("span");
    span.className = "label";
    span.textContent = `${label} =`;
    wrap.append(span);
  }
  const table = document.createElement("table");
  for (let r = 0; r < n; r++) {
    const tr = table.insertRow();
    for (let c = 0; c < n; c++) {
      const value = m[n * c + r]!;
      const td = tr.insertCell();
      const shown = Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value; // no "-0.000"
      td.textContent = shown.toFixed(digits);
      const changed = compareWith !== undefined && Math.abs(compareWith[n * c + r]! - value) > 1e-9;
      if (changed || highlight.some(([hr, hc]) => hr === r && hc === c)) td.className = "hl";
    }
  }
  wrap.append(table);
  return wrap;
}

/**
 * A largest entry difference as text for prose and tables: "exactly equal" when it is 0 (instead of the
 * unhelpful "0.0e+0"), otherwise the difference in exponent notation, e.g. "1.1e-16".
 */
export function formatDifference(difference: number, digits = 1): string {
  return difference === 0 ? "exactly equal" : difference.toExponential(digits);
}
