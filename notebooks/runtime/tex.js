// Local replacement for notebook-kit's stdlib/tex.js (which imports KaTeX + its CSS from jsDelivr).
import katex from "katex";
import "katex/dist/katex.min.css";
import { macros } from "./tex-macros.js";

export const tex = Object.assign(renderer(), {
  options: renderer,
  block: renderer({ displayMode: true }),
});

function renderer(options) {
  return function (template, ...values) {
    const source = String.raw.call(String, template, ...values);
    const root = document.createElement("div");
    katex.render(source, root, { macros: { ...macros }, ...options, output: "html" });
    return root.removeChild(root.firstChild);
  };
}
