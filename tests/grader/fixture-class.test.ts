/**
 * `npm run grade` on a fixture class (docs/grading.md §3): a perfect submission, stubs only, and
 * submissions whose one file (quaternion multiply) is hostile or broken in each way the threat model
 * names. Each broken file loses exactly its own points; a junk-returning monkey-patcher earns 0; an
 * attempt to overwrite the course's solutions fails, leaves the course untouched, and a perfect student
 * graded after it gets full marks. Results are resumable (a rerun skips graded students) and written in
 * Gradescope's format.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GradescopeResults, gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import {
  MULTIPLY,
  TARGET,
  exercises,
  MAX,
  MULTIPLY_COLUMN,
  MULTIPLY_POINTS,
  HEADER,
  correctMultiply,
  exportsOf,
  treeHash,
  readCsvLines,
} from "./shared.ts";

/** Each hostile variant of the multiply file, and what it must cost. */
const ATTACKS: Record<string, string> = {
  "syntax-error": `export function multiply(a: number[], b: number[]): number[] { return [a[0] + ; }`,
  "throw-at-import": `throw new Error("boom at import");\n${correctMultiply}`,
  "exit-at-import": `process.exit(0);\n${correctMultiply}`,
  "loop-at-import": `while (true) {}\n${correctMultiply}`,
  "unbounded-allocation": `const keep: number[][] = [];\nexport function multiply(a: number[], b: number[]): number[] {\n  for (;;) keep.push(new Array(1e6).fill(1));\n}`,
  "never-settles-at-import": `await new Promise(() => {});\n${correctMultiply}`,
  "never-settles-in-call": `export async function multiply(a: number[], b: number[]): Promise<number[]> {\n  setInterval(() => {}, 1000);\n  return new Promise(() => {});\n}`,
};

/** A file that monkey-patches the globals the harness might use and returns junk dressed as the right answer. */
function junk(exportNames: string[]): string {
  return `
Math.sin = () => 0; Math.cos = () => 1; Math.sqrt = () => 1; Math.abs = () => 0;
JSON.stringify = () => "[0,0,0,1]"; JSON.parse = () => [0, 0, 0, 1];
(Number as any).isFinite = () => true; (Number as any).prototype.toString = () => "0";
(Array.prototype as any).toJSON = function () { return [1, 0, 0, 0]; };
(Array.prototype as any).map = function () { return [1, 2, 3]; };
Object.defineProperty(Object.prototype, "ok", { get: () => true, configurable: true });
${exportNames.map((n) => `export function ${n}(...args: unknown[]): unknown { return { toJSON: () => args[0], valueOf: () => 0, length: 9 }; }`).join("\n")}
`;
}

/** Tries to overwrite the course's solution with one that returns zeros, then returns zeros itself. */
const overwriteSolutions = `
import fs from "node:fs";
const cheat = "export function multiply() { return [0, 0, 0, 0]; }";
for (const write of [() => fs.writeFileSync(${JSON.stringify(TARGET)}, cheat), () => fs.rmSync(${JSON.stringify(TARGET)})]) {
  try { write(); } catch {}
}
export function multiply(a: number[], b: number[]): number[] { return [0, 0, 0, 0]; }
`;

let root: string;
let submissions: string;
let out: string;
let before: Record<string, string>;
let csv: Map<string, Record<string, number>>;

const student = (name: string, tree: "solutions" | "exercises", replace?: Record<string, string>) => {
  const dir = join(submissions, name, "exercises");
  cpSync(fromRoot(tree), dir, { recursive: true });
  for (const [file, source] of Object.entries(replace ?? {})) writeFileSync(join(dir, file), source);
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "grader-test-"));
  submissions = join(root, "submissions");
  out = join(root, "out");
  mkdirSync(submissions);
  before = Object.fromEntries(["lib", "solutions", "exercises"].map((t) => [t, treeHash(fromRoot(t))]));
  student("a-perfect", "solutions");
  student("b-stubs", "exercises");
  for (const [name, source] of Object.entries(ATTACKS)) student(`c-${name}`, "solutions", { [MULTIPLY]: source });
  const junkFiles = Object.fromEntries(exercises.map((e) => [e.file, junk(exportsOf(e))]));
  student("d-junk-monkey-patcher", "exercises", junkFiles);
  student("e-overwrites-solutions", "exercises", { [MULTIPLY]: overwriteSolutions });
  student("f-symlink-to-solutions", "exercises");
  rmSync(join(submissions, "f-symlink-to-solutions", "exercises", MULTIPLY));
  symlinkSync(TARGET, join(submissions, "f-symlink-to-solutions", "exercises", MULTIPLY));
  student("z-perfect-graded-last", "solutions");
  await gradeClass({ submissions, out, quiet: true });
  const [header, ...rows] = readCsvLines(join(out, "grades.csv"));
  const cols = header!.split(",");
  csv = new Map(
    rows.map((r) => [
      r.split(",")[0]!,
      Object.fromEntries(cols.slice(1).map((c, i) => [c, Number(r.split(",")[i + 1])])),
    ]),
  );
}, 600_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("npm run grade on a fixture class", () => {
  it("writes grades.csv with the header student,<exercise number and name…>,<chapter subtotals…>,total,max,status,notice", () => {
    const header = readCsvLines(join(out, "grades.csv"))[0];
    expect(header).toBe(HEADER.join(","));
    expect(csv.size).toBe(readdirSync(submissions).length);
  });
  it("gives a perfect submission full marks and stubs zero", () => {
    expect(csv.get("a-perfect")).toMatchObject({ total: MAX, max: MAX });
    expect(csv.get("b-stubs")).toMatchObject({ total: 0, max: MAX });
  });
  it.each(Object.keys(ATTACKS))("%s in one file loses exactly that file's points", (name) => {
    expect(csv.get(`c-${name}`)).toMatchObject({ total: MAX - MULTIPLY_POINTS, [MULTIPLY_COLUMN]: 0 });
  });
  it("a submission that returns junk and monkey-patches Math, JSON, Number and Array.prototype earns 0", () => {
    expect(csv.get("d-junk-monkey-patcher")!.total).toBe(0);
  });
  it("an attempt to overwrite the course's solutions fails and the course is untouched", () => {
    expect(csv.get("e-overwrites-solutions")!.total).toBe(0);
    for (const tree of ["lib", "solutions", "exercises"]) expect(treeHash(fromRoot(tree)), tree).toBe(before[tree]);
    expect(readFileSync(TARGET, "utf8")).toBe(correctMultiply);
  });
  it("a symbolic link to the solution is refused", () => {
    expect(csv.get("f-symlink-to-solutions")!.total).toBe(0);
    expect(readFileSync(join(out, "f-symlink-to-solutions", "feedback.md"), "utf8")).toMatch(
      /symbolic links are not accepted/,
    );
  });
  it("a perfect student graded after the attackers still gets full marks", () => {
    expect(csv.get("z-perfect-graded-last")).toMatchObject({ total: MAX, max: MAX });
  });
  it("writes Gradescope's results.json and a feedback.md per student", () => {
    const results = JSON.parse(readFileSync(join(out, "c-syntax-error", "results.json"), "utf8")) as GradescopeResults;
    expect(results.score).toBe(MAX - MULTIPLY_POINTS);
    expect(Object.keys(results).sort()).toEqual(["execution_time", "output", "score", "stdout_visibility", "tests"]);
    expect(results.stdout_visibility).toBe("hidden");
    expect(results.tests.length).toBe(exercises.reduce((s, e) => s + e.checks.length, 0));
    for (const t of results.tests) {
      expect(Object.keys(t).sort()).toEqual(["max_score", "name", "output", "score", "status", "visibility"]);
      expect(["passed", "failed"]).toContain(t.status);
      expect(["visible", "after_published"]).toContain(t.visibility);
    }
    const multiply = results.tests.filter((t) => t.name.startsWith(`${MULTIPLY_COLUMN} —`));
    expect(multiply.every((t) => t.status === "failed" && /does not compile/.test(t.output))).toBe(true);
    const feedback = readFileSync(join(out, "c-loop-at-import", "feedback.md"), "utf8");
    expect(feedback).toMatch(/longer than \d+ ms \(an infinite loop at top level\?\)/);
  });
  it("a rerun skips students already graded, and --force regrades", async () => {
    const again = await gradeClass({ submissions, out, quiet: true, only: ["a-perfect", "b-stubs"] });
    expect(again.graded).toEqual([]);
    expect(again.skipped).toEqual(["a-perfect", "b-stubs"]);
    const forced = await gradeClass({ submissions, out, quiet: true, only: ["b-stubs"], force: true });
    expect(forced.graded).toEqual(["b-stubs"]);
    expect(readdirSync(out).filter((f) => f.startsWith("."))).toEqual([]); // no temporary folders left
  }, 120_000);
});
