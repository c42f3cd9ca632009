// The kit's `md`, made cheap to run again: what a markdown cell with live numbers costs on every slider move.
//
// The chapters' formulas are rendered by KaTeX at build time (tools/author/notebook-kit/markdown-math.ts),
// so a live cell's template holds each formula as a few kilobytes of HTML, which the kit's markdown-it
// scanned and the browser parsed again on every run (chapter 07: 11 ms a move). Here each formula is taken
// out of the template once (a template's strings are the same array on every run of its cell), parsed once,
// and put back as a copy of that node: markdown-it sees `<span data-course-math=N></span>` in its place.
// Both are inline HTML that begins with `<span` and ends with `</span>`, which is all markdown-it reads of
// them — emphasis, smart quotes and links around a formula come out the same; a formula in a heading (whose
// id spells its text) or with a hard line break in its TeX stays where it is. tests/notebooks/live-prose.test.ts
// renders every live cell of the course both ways.
//
// The result is marked as plain markup (morph.js) when every value is plain and no code block awaits the
// kit's highlighting, so that the runtime can morph the displayed prose instead of replacing it.

import { md as kitMarkdown } from "observable:runtime/stdlib/md.js";
import { isPlainValue, markPlain } from "./morph.js";

/** The start of a formula KaTeX rendered (inline, or a display wrapping an inline one). */
const FORMULA = /<span class="katex(?:-display)?">/g;
const TAG = /<span\b|<\/span>/g;

/** Per template (its strings array): the strings with formulas taken out, and the formulas' HTML and nodes. */
const split = new WeakMap();

/** A line that is a heading: markdown-it-anchor makes its id from its text, a formula's included. */
const HEADING = /(?:^|\n) {0,3}#{1,6}(?:[ \t][^\n]*)?$/;

/**
 * `strings` with every formula replaced by a placeholder; the formulas' HTML is pushed to `formulas`.
 * Formulas in a heading stay (its anchor's id spells their text).
 */
function takeFormulas(strings, formulas) {
  return strings.map((part, k) => {
    let out = "";
    let copied = 0;
    for (const start of part.matchAll(FORMULA)) {
      if (start.index < copied) continue; // the inline formula inside a display one
      const before = part.slice(0, start.index);
      // The line so far, across earlier parts when this one has no line break yet (a value stands for one character).
      const line = before.includes("\n") ? before : `${strings.slice(0, k).join("x")}${k ? "x" : ""}${before}`;
      if (HEADING.test(line)) continue;
      let depth = 0;
      let end = -1;
      TAG.lastIndex = start.index;
      for (let tag; (tag = TAG.exec(part));) {
        depth += tag[0] === "</span>" ? -1 : 1;
        if (depth === 0) {
          end = TAG.lastIndex;
          break;
        }
      }
      if (end < 0) break; // not balanced: left to markdown-it as it is
      const formula = part.slice(start.index, end);
      if (/ {2}\n/.test(formula)) continue; // a hard line break in its TeX (left to markdown-it)
      out += `${part.slice(copied, start.index)}<span data-course-math=${formulas.length}></span>`;
      // The TeX of a formula over several lines, as markdown-it leaves it: no spaces around a line break.
      formulas.push(formula.replace(/[ \t]*\n[ \t]*/g, "\n"));
      copied = end;
    }
    return out + part.slice(copied);
  });
}

/** Renders markdown as the kit's `md` does; see above for what is faster and what is marked. */
export function md(template, ...values) {
  let entry = split.get(template);
  if (!entry) {
    const formulas = [];
    entry = { strings: takeFormulas(template, formulas), formulas, nodes: [] };
    split.set(template, entry);
  }
  let root = kitMarkdown(entry.strings, ...values);
  if (entry.formulas.length > 0) {
    const placeholders = root.matches?.("[data-course-math]") ? [root] : root.querySelectorAll("[data-course-math]");
    for (const placeholder of placeholders) {
      const k = Number(placeholder.getAttribute("data-course-math"));
      if (!entry.nodes[k]) {
        const parsed = document.createElement("template");
        parsed.innerHTML = entry.formulas[k];
        entry.nodes[k] = parsed.content.firstChild;
      }
      const formula = entry.nodes[k].cloneNode(true);
      if (placeholder === root) root = formula;
      else placeholder.replaceWith(formula);
    }
  }
  return values.every(isPlainValue) && !root.querySelector?.("code[class^=language-]") ? markPlain(root) : root;
}
