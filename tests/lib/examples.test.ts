/**
 * Every `@example` in lib/ runs, like Rust's doctests: a doc comment's example is a claim, and a claim is
 * true only if a test computes it (docs/conventions.md §3). An example is one line, in one of four forms:
 *
 *   @example <claim>                       the expression is `true`          isRotation(m) === false
 *   @example <expr> // → <value> [note]     equal, number for number (−0 = 0)  add([1, 2, 3], [1, 1, 1]) // → [2, 3, 4]
 *   @example <expr> // ≈ <value> [note]     within TOLERANCE                  rimRadius() // ≈ 0.7071 (1/√2)
 *   @example <expr> // throws <Error>        throws that kind of error         normalize([0, 0, 0]) // throws RangeError
 *
 * `<expr>` and `<value>` are JavaScript. They may use the module's own exports by name, every library
 * module by its namespace (`quat.identity()`, `mat3.rotationZ(π / 2)`), and `π`. A note after the value
 * starts with " (" or ": ". Values compare structurally: arrays entry by entry, objects key by key (the
 * same keys), numbers as below.
 */

import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as lib from "../../lib/index.ts";
import { fromRoot } from "../../tools/author/root.ts";

/**
 * `≈`: |got − expected| ≤ max(1e-9, half a unit in the last digit of the most precise number written in
 * the value) — `≈ 0.7071` allows 5e-5, `≈ 1.18e-3` allows 5e-6, `≈ quat.fromAxisAngle(…)` 1e-9.
 */
const TOLERANCE_FLOOR = 1e-9;

function tolerance(valueText: string): number {
  let tol = Infinity;
  for (const m of valueText.matchAll(/(?<![\w.])\d+\.(\d+)(?:e([+-]?\d+))?/g))
    tol = Math.min(tol, 0.5 * 10 ** (-m[1]!.length + Number(m[2] ?? 0)));
  return Math.max(TOLERANCE_FLOOR, tol === Infinity ? 0 : tol);
}

interface Example {
  file: string;
  line: number;
  source: string;
}

const LIB = fromRoot("lib");
const examples: Example[] = readdirSync(LIB)
  .filter((f) => f.endsWith(".ts"))
  .sort()
  .flatMap((file) =>
    readFileSync(`${LIB}/${file}`, "utf8")
      .split("\n")
      .flatMap((text, i) => {
        const m = /^\s*\*\s*@example\s+(.*?)\s*$/.exec(text);
        return m ? [{ file: `lib/${file}`, line: i + 1, source: m[1]! }] : [];
      }),
  );

/** The module's exports by name over the library's namespaces, and π. */
function scopeOf(file: string): Record<string, unknown> {
  const name = file.replace(/^lib\/|\.ts$/g, "");
  const own = (lib as Record<string, Record<string, unknown>>)[name];
  if (!own) throw new Error(`${file} is not a namespace of lib/index.ts`);
  return { ...lib, ...own, π: Math.PI };
}

function compiles(expression: string): boolean {
  try {
    new Function(`return (${expression});`);
    return true;
  } catch {
    return false;
  }
}

function evaluate(expression: string, scope: Record<string, unknown>): unknown {
  const names = Object.keys(scope);
  return new Function(...names, `"use strict"; return (${expression});`)(...names.map((n) => scope[n]));
}

/**
 * The value in "value (note)" or "value: note". A note in parentheses starts at the first " (" (a call has
 * no space before its parenthesis); a note after ": " at the last ": " that leaves an expression before
 * it (an object literal has ": " inside).
 */
function valueOf(text: string): string {
  const paren = text.indexOf(" (");
  if (paren >= 0) text = text.slice(0, paren);
  const ends = [text.length];
  for (const m of text.matchAll(/: /g)) ends.push(m.index);
  for (const end of ends.sort((a, b) => b - a)) if (compiles(text.slice(0, end))) return text.slice(0, end);
  throw new Error(`no JavaScript value in "${text}"`);
}

type Parsed =
  | { kind: "claim"; expr: string }
  | { kind: "equal" | "approx"; expr: string; value: string }
  | { kind: "throws"; expr: string; error: string };

function parse(source: string): Parsed {
  const at = source.indexOf(" // ");
  if (at < 0) return { kind: "claim", expr: source };
  const expr = source.slice(0, at);
  const rest = source.slice(at + 4);
  const throws = /^throws (\w+)$/.exec(rest);
  if (throws) return { kind: "throws", expr, error: throws[1]! };
  if (rest.startsWith("→ ")) return { kind: "equal", expr, value: valueOf(rest.slice(2)) };
  if (rest.startsWith("≈ ")) return { kind: "approx", expr, value: valueOf(rest.slice(2)) };
  throw new Error(`the comment must start with "→ ", "≈ " or "throws ": ${source}`);
}

/** Where `got` differs from `expected` ("" when it does not), numbers within `tol`. */
function difference(got: unknown, expected: unknown, tol: number, path = "value"): string {
  if (typeof expected === "number") {
    if (typeof got !== "number") return `${path}: expected a number, got ${String(got)}`;
    if (Number.isNaN(expected) && Number.isNaN(got)) return "";
    return Math.abs(got - expected) <= tol || got === expected
      ? ""
      : `${path}: ${got} ≠ ${expected} (tolerance ${tol})`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(got) && !ArrayBuffer.isView(got)) return `${path}: expected an array, got ${String(got)}`;
    const g = Array.from(got as ArrayLike<unknown>);
    if (g.length !== expected.length) return `${path}: length ${g.length} ≠ ${expected.length}`;
    return expected.map((e, i) => difference(g[i], e, tol, `${path}[${i}]`)).find(Boolean) ?? "";
  }
  if (expected !== null && typeof expected === "object") {
    if (got === null || typeof got !== "object") return `${path}: expected an object, got ${String(got)}`;
    const keys = Object.keys(expected).sort();
    const gotKeys = Object.keys(got).sort();
    if (keys.join() !== gotKeys.join()) return `${path}: keys ${gotKeys.join(", ")} ≠ ${keys.join(", ")}`;
    return keys.map((k) => difference((got as any)[k], (expected as any)[k], tol, `${path}.${k}`)).find(Boolean) ?? "";
  }
  return Object.is(got, expected) ? "" : `${path}: ${String(got)} ≠ ${String(expected)}`;
}

describe("the @example lines of lib/", () => {
  it("are many, and each in one of the four forms", () => {
    expect(examples.length).toBeGreaterThanOrEqual(190);
    for (const e of examples) expect(() => parse(e.source), `${e.file}:${e.line}`).not.toThrow();
  });

  it.each(examples.map((e) => [`${e.file}:${e.line}`, e] as const))("%s", (_, e) => {
    const scope = scopeOf(e.file);
    const p = parse(e.source);
    const where = `${e.file}:${e.line}: ${e.source}`;
    if (p.kind === "throws") {
      let thrown: unknown;
      try {
        evaluate(p.expr, scope);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as Error | undefined)?.constructor?.name, where).toBe(p.error);
      return;
    }
    const got = evaluate(p.expr, scope);
    if (p.kind === "claim") return expect(got, where).toBe(true);
    const expected = evaluate(p.value, scope);
    const tol = p.kind === "equal" ? 0 : tolerance(p.value);
    expect(difference(got, expected, tol), where).toBe("");
  });
});
