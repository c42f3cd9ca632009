/**
 * Hidden checks stay hidden (issue 17 §3, docs/grading.md §3). The leak this guards against: a submission
 * records every argument it is called with in module state and throws the record from a later call.
 * When an exercise's calls all ran in one instance of the module, in check order, a visible check that
 * came after a hidden one (01.1 interleaves them: landmarks visible, random angles hidden, per axis)
 * printed the hidden check's exact inputs in its failure — in feedback.md and in a visible Gradescope
 * test, the same for every student.
 *
 * Now the grader runs an exercise's hidden checks after every visible check, in a fresh instance of
 * the module, and shows of a hidden check only its name, points and passed/failed. This file grades the
 * leaking submission with the real grader and proves that
 * (a) no hidden input appears in feedback.md, in any visible Gradescope test, or in `output`;
 * (b) what a student is shown about the visible checks is exactly what the student edition's own
 *     `npm run check` computes for the same file (tools/author/vitest-checks.ts: a released definition —
 *     visible checks only — through `evaluate`), case for case at the grader's salt, and check for check
 *     at the edition's salt 0, where its failures quote only visible inputs too;
 * and that the same file, run the old way (every call in one instance), does leak: the detector works.
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves this file out of the edition.)
 */

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommandError } from "../../tools/author/cli.ts";
import { allExercises, loadCourse } from "../../tools/author/course.ts";
import { evaluate } from "../../tools/author/evaluate.ts";
import { runSubmission } from "../../tools/sandbox/run.ts";
import {
  type GradescopeResults,
  gradeClass,
  gradescopeResults,
  gradingSalt,
  parseHiddenVisibility,
} from "../../tools/instructor/grade.ts";
import type { ConcreteExercise } from "../../tools/isomorphic/exercise.ts";
import { callsOf, shownPart } from "../../tools/isomorphic/judge.ts";
import type { Course } from "../../tools/author/course.ts";

const FILE = "01-canonical-rotations/01-canonical-matrices.ts";

/** Right about X; about Y and Z it throws every angle it has been given so far. */
const LEAKING = `const seen: number[] = [];
export function rotationX(angleRad: number): number[] {
  seen.push(angleRad);
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [1, 0, 0, 0, c, s, 0, -s, c];
}
export function rotationY(angleRad: number): number[] {
  seen.push(angleRad);
  throw new Error("the inputs so far: " + JSON.stringify(seen));
}
export function rotationZ(angleRad: number): number[] {
  seen.push(angleRad);
  throw new Error("the inputs so far: " + JSON.stringify(seen));
}
`;

const exerciseIn = (course: Course) => allExercises(course).find((e) => e.file === FILE)!;

/** The exercise as the student edition has it (tools/instructor/release.ts): visible checks, hidden points counted. */
const asEdition = (e: ConcreteExercise): ConcreteExercise => ({ ...e, checks: e.checks.filter((c) => !c.hidden) });

/** The numbers of some checks' arguments, as JSON writes them (long enough to be unmistakable). */
function argumentNumbers(e: ConcreteExercise, hidden: boolean): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "number") out.add(JSON.stringify(v));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const c of e.checks.filter((c) => c.hidden === hidden)) for (const k of c.cases) walk(k.args);
  return out;
}

/** The hidden checks' inputs a text gives away: their numbers that no visible check also has. */
function hiddenInputsIn(text: string, e: ConcreteExercise): string[] {
  const visible = argumentNumbers(e, false);
  return [...argumentNumbers(e, true)].filter((n) => n.length >= 8 && !visible.has(n) && text.includes(n));
}

const salt = gradingSalt();
const graderCourse = await loadCourse(salt);
const exercise = exerciseIn(graderCourse);
const scratch = mkdtempSync(join(tmpdir(), "hidden-checks-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let feedback: string;
let results: GradescopeResults;

beforeAll(async () => {
  const submissions = join(scratch, "submissions");
  const file = join(submissions, "leaker", "exercises", FILE);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, LEAKING);
  const out = join(scratch, "out");
  await gradeClass({ submissions, out, quiet: true, exercises: [exercise.id] });
  feedback = readFileSync(join(out, "leaker", "feedback.md"), "utf8");
  results = JSON.parse(readFileSync(join(out, "leaker", "results.json"), "utf8")) as GradescopeResults;
}, 120_000);

describe("a submission that records hidden checks' inputs and throws them from a visible check", () => {
  it("would leak them if every call ran in one instance of the module (the detector works)", async () => {
    const run = await runSubmission({ [`exercises/${FILE}`]: LEAKING }, `exercises/${FILE}`, callsOf(exercise));
    const errors = run.outcomes.map((o) => (o.ok ? "" : o.error)).join("\n");
    expect(hiddenInputsIn(errors, exercise).length).toBeGreaterThan(10);
  });

  it("gives away no hidden input in feedback.md, a visible Gradescope test or the output", () => {
    expect(results.tests.filter((t) => t.visibility === "visible").length).toBeGreaterThan(0);
    expect(hiddenInputsIn(feedback, exercise)).toEqual([]);
    for (const t of results.tests.filter((t) => t.visibility === "visible"))
      expect(hiddenInputsIn(`${t.name}\n${t.output}`, exercise), t.name).toEqual([]);
    expect(hiddenInputsIn(results.output, exercise)).toEqual([]);
    // The visible failures do quote inputs — the visible ones, which the student edition has anyway.
    expect(feedback).toMatch(/the inputs so far: \[/);
  });

  it("says of a hidden check only its name, its points and whether it passed", () => {
    const hidden = results.tests.filter((t) => t.visibility !== "visible");
    expect(hidden.map((t) => t.name)).toEqual(
      exercise.checks
        .filter((c) => c.hidden)
        .map((c) => `${exercise.number} ${exercise.name} — ${exercise.title}: ${c.name}`),
    );
    for (const t of hidden) {
      expect(t.visibility).toBe("after_published");
      expect(t.output).toMatch(/^(Passed|Failed)\. \(A hidden check: its cases are not shown\.\)$/);
    }
    // 01.1's hidden X check passes (rotationX is right); Y and Z fail.
    expect(hidden.map((t) => t.status)).toEqual(["passed", "failed", "failed"]);
    for (const line of feedback.split("\n").filter((l) => /hidden check/.test(l)))
      expect(line).toMatch(
        /^- (✅|❌) rotation[XYZ] at random angles — \d+\/\d+ \(hidden check: its cases are not shown\)$/,
      );
  });

  it("states in `output` only the visible checks' points, never a total with the hidden ones", () => {
    const visible = results.tests.filter((t) => t.visibility === "visible");
    const earned = visible.reduce((s, t) => s + t.score, 0);
    const max = visible.reduce((s, t) => s + t.max_score, 0);
    const hiddenMax = results.tests.filter((t) => t.visibility !== "visible").reduce((s, t) => s + t.max_score, 0);
    expect(results.output).toBe(
      `${earned} of ${max} points in the visible checks; the hidden checks' ${hiddenMax} points are shown when the grades are published.`,
    );
    expect(results.score).toBe(results.tests.reduce((s, t) => s + t.score, 0));
  });

  it(
    "shows about the visible checks exactly what the student edition's npm run check computes",
    { timeout: 120_000 },
    async () => {
      // The grader's evaluation (gradeStudent's) keeps the visible run's own verdict.
      const graded = (await evaluate(exercise, LEAKING)).result;
      expect(graded.visible, "the grader keeps the visible run's verdict").toBeDefined();
      const shown = shownPart(graded);
      // The edition's checker on the same cases (the grader's salt): the same verdict, failure for failure…
      const edition = (await evaluate(asEdition(exercise), LEAKING)).result;
      expect(shown).toEqual(edition);
      // …and the real grader's visible Gradescope tests are those rendered from the edition's verdict.
      const grade = {
        student: "leaker",
        total: 0,
        max: 0,
        seconds: 0,
        status: "graded" as const,
        notices: [],
        hash: "",
      };
      const course: Course = {
        edition: "full",
        chapters: [{ id: exercise.chapter, title: "", exercises: [exercise] }],
      };
      const fromEdition = gradescopeResults(course, { ...grade, results: [edition] }).tests;
      expect(results.tests.filter((t) => t.visibility === "visible")).toEqual(fromEdition);

      // At the edition's own salt (0) the cases differ; the structure does not, and its failures too
      // quote only visible inputs.
      const unsalted = exerciseIn(await loadCourse(0));
      const shipped = (await evaluate(asEdition(unsalted), LEAKING)).result;
      expect(shipped.checks.map((c) => [c.name, c.passed, c.failed, c.total])).toEqual(
        shown.checks.map((c) => [c.name, c.passed, c.failed, c.total]),
      );
      const texts = JSON.stringify(shipped.checks.flatMap((c) => c.failures));
      expect(hiddenInputsIn(texts, unsalted)).toEqual([]);
      expect(hiddenInputsIn(texts, exercise)).toEqual([]);
    },
  );
});

describe("--hidden-visibility", () => {
  it("gives the hidden checks' tests the instructor's choice of Gradescope visibility", async () => {
    const out = join(scratch, "out-hidden");
    await gradeClass({
      submissions: join(scratch, "submissions"),
      out,
      quiet: true,
      exercises: [exercise.id],
      hiddenVisibility: "hidden",
    });
    const r = JSON.parse(readFileSync(join(out, "leaker", "results.json"), "utf8")) as GradescopeResults;
    expect(new Set(r.tests.filter((t) => /random angles/.test(t.name)).map((t) => t.visibility))).toEqual(
      new Set(["hidden"]),
    );
    expect(r.output).toMatch(/the hidden checks' \d+ points are not shown here\.$/);
  });

  it('takes Gradescope\'s three hiding settings and refuses anything else, "visible" included', () => {
    expect(parseHiddenVisibility(undefined)).toBeUndefined();
    for (const v of ["after_published", "after_due_date", "hidden"]) expect(parseHiddenVisibility(v)).toBe(v);
    expect(() => parseHiddenVisibility("visible")).toThrow(CommandError);
    expect(() => parseHiddenVisibility("later")).toThrow(/one of after_published, after_due_date, hidden/);
  });
});
