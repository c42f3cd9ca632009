import { describe, expect, it } from "vitest";
import { renderMath } from "../../tools/author/notebook-kit/markdown-math.ts";

const count = (s: string) => (s.match(/<span class="katex">/g) ?? []).length;

describe("markdown math", () => {
  it("renders inline and display math and leaves the rest alone", () => {
    const out = renderMath("a $x^2$ b\n\n$$\\int_0^1 f$$\n\nc");
    expect(count(out)).toBe(2);
    expect(out).toContain('<span class="katex-display">');
    expect(out.startsWith("a ")).toBe(true);
    expect(out.endsWith("\n\nc")).toBe(true);
  });
  it.each(["`$x$`", "```\n$x$\n```", "\\$5 and \\$6", "${a} and ${b}", "costs $5 and $10", "$ x$"])(
    "does not treat %j as math",
    (s) => {
      expect(renderMath(s)).toBe(s);
    },
  );
  it("leaves no backslash, backtick or ${ in the HTML (safe inside the md template)", () => {
    const out = renderMath("$\\frac{a}{b} \\text{it's *x* \\_} \\{ \\} \\$$");
    expect(count(out)).toBe(1);
    expect(out).not.toMatch(/[\\`]|\$\{/);
  });
  it("reports KaTeX errors instead of throwing", () => {
    const errors: string[] = [];
    const out = renderMath("$\\frac{a$", { onError: (_tex, message) => errors.push(message) });
    expect(errors).toHaveLength(1);
    expect(out).toContain("katex-error");
  });
});
