/**
 * Isolation inside the one process that runs a student's every exercise (docs/grading.md §3): nothing
 * of the harness's realm is reachable from an exercise's context, there is no Node API and no eval in
 * there, a monkey-patched Math, JSON or Array.prototype in one exercise changes nothing in the next
 * ones, and a polluted realm or oversized answers neither stall nor flood the harness.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { cpSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { evaluateAll } from "../../tools/author/evaluate.ts";
import { runSubmission } from "../../tools/sandbox/run.ts";
import { type GradescopeResults, gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { MULTIPLY, exercises, multiplyExercise, exportsOf, scratchFolder, solutionOf } from "./shared.ts";

const scratch = scratchFolder("context");

const lib = Object.fromEntries(
  readdirSync(fromRoot("lib"))
    .filter((f) => f.endsWith(".ts"))
    .map((f) => [`lib/${f}`, readFileSync(fromRoot(`lib/${f}`), "utf8")]),
);

/** Crawls every object reachable from its context: tests/grader/fixtures/crawl.ts, a real, type-checked file. */
const CRAWLER = readFileSync(fromRoot("tests/grader/fixtures/crawl.ts"), "utf8").replace(
  "../../../lib/index.ts", // its place in the course …
  "../../lib/index.ts", // … and in the sandbox, as exercises/99-test/01-crawl.ts
);

describe("an exercise's context", () => {
  it("reaches nothing of the harness's realm", { timeout: 60_000 }, async () => {
    const entry = "exercises/99-test/01-crawl.ts";
    const run = await runSubmission(
      { ...lib, [entry]: CRAWLER },
      entry,
      [
        { fn: "crawl", args: [] },
        { fn: "powers", args: [] },
      ],
      undefined,
      {
        uses: ["vec3"],
        exercise: "99.1 crawl",
      },
    );
    expect(run.problem).toBeUndefined();
    expect(run.outcomes[0]).toEqual({ ok: true, value: [expect.stringMatching(/^none foreign among \d+ objects$/)] });
    const crawled = Number(/\d+/.exec(String((run.outcomes[0] as { value: string[] }).value[0]))![0]);
    expect(crawled, "the crawl saw the realm's intrinsics").toBeGreaterThan(500);
    expect(run.outcomes[1]).toEqual({
      ok: true,
      value: [
        "process:undefined",
        "require:undefined",
        "module:undefined",
        "Buffer:undefined",
        "setTimeout:undefined",
        "setInterval:undefined",
        "fetch:undefined",
        "queueMicrotask:undefined",
        "eval: EvalError",
        "Function: EvalError",
        "constructor.constructor: EvalError",
        "WebAssembly: CompileError",
      ],
    });
  });

  it(
    "a monkey-patched Math, JSON, Array.prototype or Object.prototype changes nothing in the next exercises",
    { timeout: 120_000 },
    async () => {
      const exercises = allExercises(await loadCourse());
      const sources = exercises.map((e) => readFileSync(fromRoot(`solutions/${e.file}`), "utf8"));
      const PATCH = `
Math.sin = () => 0; Math.cos = () => 1; Math.sqrt = () => 1; Math.abs = () => 0; Math.hypot = () => 0; Math.atan2 = () => 0;
JSON.stringify = () => "[0,0,0,1]"; JSON.parse = () => [0, 0, 0, 1];
(Number as any).isFinite = () => true;
(Array.prototype as any).map = function () { return [1, 2, 3]; };
(Array.prototype as any).push = function () { return 0; };
Object.defineProperty(Object.prototype, "0", { get: () => 42, configurable: true });
Object.defineProperty(Array.prototype, "length", { value: 0 });
`;
      sources[0] = PATCH + sources[0]; // the first exercise graded patches its whole realm
      const results = await evaluateAll(exercises, sources);
      for (const { result, run } of results.slice(1)) {
        expect(result.earned, `${result.id}: ${result.problem ?? ""}`).toBe(result.points);
        expect(run!.children).toBe(1);
      }
    },
  );
});

describe("attacks on the harness's own work in a context", () => {
  it(
    "a realm whose Object.prototype has get and set (every descriptor an accessor) does not stall the harness",
    { timeout: 60_000 },
    async () => {
      const source = `${solutionOf(MULTIPLY)}\n(Object.prototype as any).set = function () {};\n(Object.prototype as any).get = function () { return [0, 0, 0, 1]; };\n`;
      const started = Date.now();
      const { result } = (await evaluateAll([multiplyExercise], [source]))[0]!;
      expect(result.earned, JSON.stringify(result.checks.map((c) => c.failures[0]?.error))).toBe(result.points);
      expect(Date.now() - started).toBeLessThan(10_000);
    },
  );

  it(
    "answers too big for a grader are refused in the sandbox: grading a class survives them",
    { timeout: 300_000 },
    async () => {
      // Every exercise answers ~1 MB of control characters (6 MB once escaped as JSON): a whole course of
      // them used to take the grader past its heap limit while it wrote the feedback.
      const submissions = join(scratch, "huge");
      const out = join(scratch, "huge-out");
      const dir = join(submissions, "huge-answers", "exercises");
      cpSync(fromRoot("exercises"), dir, { recursive: true });
      const big = `const s = "\\u0001".repeat(9999);\nconst big = Array.from({ length: 99 }, () => s);\n`;
      for (const e of exercises)
        writeFileSync(
          join(dir, e.file),
          big +
            exportsOf(e)
              .map((f) => `export function ${f}(): unknown { return big; }`)
              .join("\n"),
        );
      await gradeClass({ submissions, out, quiet: true });
      const results = JSON.parse(readFileSync(join(out, "huge-answers", "results.json"), "utf8")) as GradescopeResults;
      expect(results.score).toBe(0);
      expect(results.tests.some((t) => /answer is larger than/.test(t.output))).toBe(true);
      expect(statSync(join(out, "huge-answers", "results.json")).size).toBeLessThan(4_000_000);
      expect(statSync(join(out, "huge-answers", "feedback.md")).size).toBeLessThan(4_000_000);
    },
  );
});
