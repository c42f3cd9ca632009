// Local replacement for notebook-kit's stdlib/tex.js (which imports KaTeX + its CSS from jsDelivr).
// Output is HTML for the eye and MathML for screen readers (KaTeX's "htmlAndMathml"): the HTML is
// aria-hidden, so HTML alone would leave live formulas unreadable.
import katex from "katex";
import "katex/dist/katex.min.css";
import { markPlain } from "./morph.js";
import { macros } from "./tex-macros.js";

export const tex = Object.assign(renderer(), {
  options: renderer,
  block: renderer({ displayMode: true }),
});

function renderer(options) {
  return function (template, ...values) {
    const source = String.raw.call(String, template, ...values);
    const root = document.createElement("div");
    katex.render(source, root, { macros: { ...macros }, ...options, output: "htmlAndMathml" });
    return markPlain(root.removeChild(root.firstChild)); // plain markup: md's prose around it may be morphed
  };
}
