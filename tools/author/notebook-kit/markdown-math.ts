/**
 * Math as authors write it: `$…$` and `$$…$$` in markdown cells are rendered with KaTeX at build time.
 * Used as the kit's `transformNotebook` hook (vite.config.ts) and by the cell tests.
 *
 * Each math span is replaced by KaTeX's HTML *before* the kit compiles the cell, so static cells are
 * rendered by the kit's markdown-it at build time and dynamic cells (with `${…}`) carry the pre-rendered
 * HTML into the runtime `md` template. Punctuation in KaTeX's text nodes is written as numeric entities
 * so that neither markdown-it (emphasis, typographer, links) nor the template literal (`\`, backtick,
 * `${`) touches it.
 *
 * Rules (pandoc-like): skips code spans, fenced code, `\$` and `${…}`; inline math needs a non-space after
 * the opening `$` and before the closing one, the closing `$` not followed by a digit (`$5 and $10` stays
 * text). Math that spans a `${…}` is left alone: write dynamic math as `${tex`…`}`.
 */
import { parseTemplate, type Notebook } from "@observablehq/notebook-kit";
import katex from "katex";
import { macros } from "../../../notebooks/runtime/tex-macros.js";

/** A KaTeX error found while rendering a notebook's markdown. */
export interface MathError {
  cell: number;
  tex: string;
  message: string;
}

/** The `transformNotebook` hook: renders the math of every markdown cell; errors go to `onError` (default: a warning). */
export function markdownMath({ onError }: { onError?: (e: MathError) => void } = {}) {
  return function transformNotebook(notebook: Notebook, context?: { filename?: string }): Notebook {
    for (const cell of notebook.cells) {
      if (cell.mode !== "md") continue;
      cell.value = renderMath(cell.value, {
        onError: (tex: string, message: string) => {
          const e = { cell: cell.id, tex, message };
          if (onError) onError(e);
          else console.warn(`${context?.filename ?? notebook.title}: cell ${cell.id}: KaTeX: ${message}`);
        },
      });
    }
    return notebook;
  };
}

/** Replaces $…$ and $$…$$ in a markdown cell's source with KaTeX HTML. */
export function renderMath(
  input: string,
  { onError = () => {} }: { onError?: (tex: string, message: string) => void } = {},
): string {
  const expressions = templateExpressions(input); // [start, end) of each ${…}
  let out = "";
  let i = 0; // copied up to here
  let j = 0; // scanning position
  const n = input.length;
  const atLineStart = (k: number) => k === 0 || /\n[ ]{0,3}$/.test(input.slice(Math.max(0, k - 4), k));
  const inExpression = (a: number, b: number) => expressions.some(([s, e]) => s < b && a < e);
  while (j < n) {
    const c = input[j];
    const expr = expressions.find(([s]) => s === j);
    if (expr) {
      j = expr[1];
      continue;
    } // skip ${…}
    if (c === "\\") {
      j += 2;
      continue;
    } // \$ stays a literal dollar (markdown unescapes it)
    if ((c === "`" || c === "~") && atLineStart(j) && input.startsWith(c.repeat(3), j)) {
      // fenced code
      const fence = /^(`{3,}|~{3,})/.exec(input.slice(j))![1]!;
      const close = input.indexOf("\n" + fence, j + fence.length);
      j = close < 0 ? n : close + 1 + fence.length;
      continue;
    }
    if (c === "`") {
      // code span: skip to the next run of the same length
      const run = /^`+/.exec(input.slice(j))![0];
      const close = findRun(input, run, j + run.length);
      j = close < 0 ? j + run.length : close + run.length;
      continue;
    }
    if (c !== "$") {
      ++j;
      continue;
    }
    const display = input[j + 1] === "$";
    const open = display ? 2 : 1;
    const end = display ? input.indexOf("$$", j + 2) : findInlineClose(input, j + 1);
    if (end < 0 || (!display && /\s/.test(input[j + 1] ?? " "))) {
      j += open;
      continue;
    }
    const tex = input.slice(j + open, end);
    if (!tex.trim() || inExpression(j, end + open)) {
      j = end + open;
      continue;
    } // dynamic math: use ${tex`…`}
    out += input.slice(i, j) + render(tex, display, onError);
    i = j = end + open;
  }
  return out + input.slice(i);
}

function render(tex: string, displayMode: boolean, onError: (tex: string, message: string) => void): string {
  let html: string;
  try {
    html = katex.renderToString(tex, {
      displayMode,
      throwOnError: true,
      output: "htmlAndMathml",
      macros: { ...macros },
    });
  } catch (error) {
    onError(tex, (error as Error).message);
    html = katex.renderToString(tex, {
      displayMode,
      throwOnError: false,
      output: "htmlAndMathml",
      macros: { ...macros },
    });
  }
  // escape punctuation in text nodes (KaTeX already escapes < > & " in text and attributes)
  return html.replace(
    />([^<]+)</g,
    (_, text) => `>${text.replace(/[!-%'-/:=?-@[-`{-~]/g, (ch: string) => `&#${ch.charCodeAt(0)};`)}<`,
  );
}

function findRun(input: string, run: string, from: number): number {
  for (let k = input.indexOf(run, from); k >= 0; k = input.indexOf(run, k + 1)) {
    if (input[k - 1] !== "`" && input[k + run.length] !== "`") return k;
  }
  return -1;
}

/** Closing $ of inline math: not escaped, not preceded by space, not followed by a digit; no blank line or backtick before it. */
function findInlineClose(input: string, from: number): number {
  for (let k = from; k < input.length; ++k) {
    const c = input[k];
    if (c === "\\") {
      ++k;
      continue;
    }
    if (c === "`") return -1; // don't run into code
    if (c === "\n" && /^\n[ \t]*\n/.test(input.slice(k))) return -1;
    if (c === "$") {
      if (input[k + 1] === "{") return -1; // a ${…} expression, not a closer
      if (/\s/.test(input[k - 1]!) || /\d/.test(input[k + 1] ?? "")) continue;
      return k;
    }
  }
  return -1;
}

function templateExpressions(input: string): [number, number][] {
  try {
    const { quasis } = parseTemplate(input);
    return quasis.slice(1).map((q, k) => [quasis[k]!.end, q.start]);
  } catch {
    return []; // the kit will report the syntax error itself
  }
}
