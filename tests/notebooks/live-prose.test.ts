// @vitest-environment happy-dom
/**
 * Live prose (notebooks/runtime/md.js, morph.js): a markdown cell with `${…}` numbers is re-rendered on
 * every slider move, faster than the kit's `md` (formulas parsed once, not scanned by markdown-it each
 * time) and morphed into the displayed prose instead of replacing it. Neither may change what a reader
 * sees: every live cell of the course renders to the same HTML both ways, morphing gives the same tree
 * as replacing, and only plain markup is morphed.
 */

import "./dom.ts";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { parseTemplate } from "@observablehq/notebook-kit";
import { md as kitMarkdown } from "observable:runtime/stdlib/md.js";
import { describe, expect, it } from "vitest";
import { createNotebook } from "../../notebooks/runtime/index.js";
import { md } from "../../notebooks/runtime/md.js";
import { isPlain, markPlain, morph } from "../../notebooks/runtime/morph.js";
import { tex } from "../../notebooks/runtime/tex.js";
import { compileNotebook } from "../../tools/author/notebook-kit/compile.ts";
import { renderMath } from "../../tools/author/notebook-kit/markdown-math.ts";

// Plain string paths: under happy-dom, `URL` is happy-dom's and node:url's fileURLToPath rejects it.
const notebooksDir = join(import.meta.dirname, "../../notebooks");

/**
 * Every markdown cell of the course with `${…}` in it: its template's strings as the runtime's `md` gets
 * them (the kit's parser gives the raw text of each part; a template literal cooks it).
 */
const liveCells = (
  await Promise.all(
    readdirSync(notebooksDir)
      .filter((f) => f.endsWith(".html"))
      .map(async (file) =>
        (await compileNotebook(join(notebooksDir, file))).cells.flatMap((c) => {
          const { quasis } = c.mode === "md" ? parseTemplate(c.value) : { quasis: [] };
          if (quasis.length < 2) return [];
          const cook = (raw: string) => new Function(`return \`${raw}\`;`)() as string;
          return [{ name: `${file} cell ${c.id}`, strings: Object.freeze(quasis.map((q) => cook(q.value.raw))) }];
        }),
      ),
  )
).flat();

const html = (s: string) => {
  const t = document.createElement("template");
  t.innerHTML = s;
  return t.content.firstChild as Element;
};

describe("md: the kit's markdown, with formulas parsed once", () => {
  it("the course has live prose with formulas in it", () => {
    expect(liveCells.length).toBeGreaterThanOrEqual(40);
    expect(liveCells.filter((c) => c.strings.some((s) => s.includes('class="katex'))).length).toBeGreaterThanOrEqual(
      20,
    );
  });

  it.each(liveCells.map((c) => [c.name, c] as const))("%s renders as the kit's md renders it", (_, { strings }) => {
    // Numbers, and a value with markdown of its own (which md reads as markdown either way).
    const values = strings.slice(1).map((_, k) => (k % 3 === 2 ? "*emphasis* and `code`" : `${k}.25`));
    const ours = md(strings as unknown as TemplateStringsArray, ...values);
    expect(ours.outerHTML).toBe(kitMarkdown(strings, ...values).outerHTML);
    // and again: the second run copies the formulas parsed by the first
    expect(md(strings as unknown as TemplateStringsArray, ...values).outerHTML).toBe(ours.outerHTML);
  });

  it("takes display formulas whole and formulas at either end; leaves headings, hard breaks and unbalanced HTML alone", () => {
    // Formulas as the build renders them into a live cell's template (markdown-math.ts).
    const inline = renderMath("$x^2$");
    const display = renderMath("$$\\int_0^1 f$$");
    for (const strings of [
      [`${inline} starts, **${inline}** is bold, "${inline}" quoted, and `, `, then\n\n${display}\n\nends ${inline}`],
      [`${display}`],
      [`<span class="katex"><span>open `, ` only`],
      // a heading's id spells its formula's text; TeX over lines, indented; a hard break (two spaces) in TeX
      [`## 3. Keep ${inline} and `, `\n\nText ${inline}.`],
      [`Before:\n\n  ${renderMath("$$\na \\\\\n      b\n$$")}\n\n`, ``],
      [renderMath("$$a  \n b$$"), ``],
    ]) {
      const frozen = Object.freeze(strings);
      expect(md(frozen as unknown as TemplateStringsArray, "42").outerHTML).toBe(kitMarkdown(frozen, "42").outerHTML);
    }
  });

  it("marks plain prose, and not prose around a node that is not plain or a code block still to be highlighted", () => {
    const t = (s: string) => Object.freeze([s, ""]) as unknown as TemplateStringsArray;
    expect(isPlain(md(t("a number "), 4.5))).toBe(true);
    expect(isPlain(md(t("a formula "), tex`x`))).toBe(true);
    expect(isPlain(md(t("a list "), ["a", tex`y`]))).toBe(true);
    expect(isPlain(md(t("a canvas "), document.createElement("canvas")))).toBe(false);
    expect(isPlain(md(t("an input "), [document.createElement("input")]))).toBe(false);
    expect(isPlain(md(t("```js\nlet x = 1;\n```\n"), ""))).toBe(false);
  });
});

describe("morph: the displayed node made equal to the fresh one", () => {
  const cases: [string, string, string][] = [
    [
      "a changed number",
      "<p>the error is <strong>0.25</strong> here</p>",
      "<p>the error is <strong>0.125</strong> here</p>",
    ],
    ["an attribute set, changed and removed", '<p class="a" title="t">x</p>', '<p class="b" lang="en">x</p>'],
    ["children added", "<div><p>one</p></div>", "<div><p>one</p><p>two</p><ul><li>three</li></ul></div>"],
    ["children removed", "<div><p>one</p><p>two</p>tail</div>", "<div><p>one</p></div>"],
    ["a different element", "<div><p>one</p><em>two</em></div>", "<div><ul><li>one</li></ul>two<em>three</em></div>"],
    ["a different root", "<p>paragraph</p>", "<div><p>paragraph</p><p>and another</p></div>"],
    [
      "MathML",
      '<p><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>x</mi></math></p>',
      '<p><math xmlns="http://www.w3.org/1998/Math/MathML"><mi>y</mi><mo>+</mo></math></p>',
    ],
  ];
  it.each(cases)("%s", (_, before, after) => {
    const parent = document.createElement("div");
    const shown = parent.appendChild(html(before));
    const result = morph(shown, html(after));
    expect(parent.innerHTML).toBe(after);
    expect(parent.firstChild).toBe(result);
  });

  it("keeps the nodes that did not change: a formula is the same node after its sentence's number changed", () => {
    const parent = document.createElement("div");
    const shown = parent.appendChild(html(`<p>a turn of <strong>30</strong>° about ${tex`\hat z`.outerHTML}</p>`));
    const formula = shown.querySelector(".katex");
    const number = shown.querySelector("strong")!.firstChild;
    morph(shown, html(`<p>a turn of <strong>45</strong>° about ${tex`\hat z`.outerHTML}</p>`));
    expect(shown.querySelector(".katex")).toBe(formula);
    expect(shown.querySelector("strong")!.firstChild).toBe(number);
    expect(shown.textContent).toContain("45");
  });
});

describe("the runtime morphs plain markup only", () => {
  it("morphs live prose in place, and replaces what is not plain", async () => {
    const { runtime, main, define } = createNotebook();
    const root = document.body.appendChild(document.createElement("div"));
    const runtimeMain = main as {
      variable(): { define(name: string, inputs: string[], body: () => unknown): unknown };
    };
    const n = runtimeMain.variable().define("n", [], () => 1) as {
      define(name: string, inputs: string[], body: () => unknown): void;
    };
    const kind = runtimeMain.variable().define("kind", [], () => "text") as typeof n;
    define(
      { root, expanded: [], variables: [] },
      {
        id: 1,
        body: (...[md, n, kind]: unknown[]) =>
          !(typeof md === "function")
            ? null
            : kind === "text"
              ? md`**${n}** apples`
              : md`**${n}** apples ${document.createElement("canvas")}`,
        inputs: ["md", "n", "kind"],
        outputs: [],
        autodisplay: true,
      },
    );
    const settled = async (text: string) => {
      for (let k = 0; k < 200 && !root.textContent?.includes(text); k++) await new Promise((r) => setTimeout(r, 5));
      expect(root.textContent).toContain(text);
    };
    try {
      await settled("1 apples");
      const shown = root.firstChild;
      n.define("n", [], () => 2);
      await settled("2 apples");
      expect(root.firstChild).toBe(shown); // morphed
      expect(root.childNodes).toHaveLength(1);
      kind.define("kind", [], () => "canvas");
      n.define("n", [], () => 3);
      await settled("3 apples");
      expect(root.firstChild).not.toBe(shown); // a canvas inside: replaced
      expect(root.querySelector("canvas")).not.toBeNull();
      expect(isPlain(root.firstChild)).toBe(false);
    } finally {
      runtime.dispose();
      root.remove();
    }
  });
});
