/**
 * "The inputs are not changed": a check with `inputs: "unchanged"` fails a case whose call left an
 * argument different from what it was given, though it returned the right value. Every runner reports
 * the arguments after a watched call — the in-process runner, the sandbox's child — and the judge reads
 * them; an unwatched call costs nothing and reports nothing.
 */

import { describe, expect, it } from "vitest";
import { inputsChanged } from "../../../tools/isomorphic/compare.ts";
import type { ConcreteExercise } from "../../../tools/isomorphic/exercise.ts";
import { type RunnableCall, callsOf, judge, runCalls } from "../../../tools/isomorphic/judge.ts";
import { runSubmission } from "../../../tools/sandbox/run.ts";

const FILE = "exercises/00-test/01-scale.ts";

/** One exercise, `scale(v, k)`, whose first check watches its inputs and whose second does not. */
const exercise: ConcreteExercise = {
  id: "00-test/01-scale",
  number: "00.1",
  name: "scale",
  chapter: "00-test",
  file: "00-test/01-scale.ts",
  title: "Scale",
  uses: [],
  hints: [],
  timeLimitMs: 5000,
  hiddenPoints: 0,
  checks: [
    {
      name: "watched",
      points: 2,
      hidden: false,
      inputs: "unchanged",
      comparison: { kind: "numbers", atol: 0, rtol: 0 },
      cases: [{ fn: "scale", args: [[1, 2, 3], 2], expected: [2, 4, 6] }],
    },
    {
      name: "not watched",
      points: 1,
      hidden: false,
      comparison: { kind: "numbers", atol: 0, rtol: 0 },
      cases: [{ fn: "scale", args: [[1, 2, 3], 2], expected: [2, 4, 6] }],
    },
  ],
};

const FRESH = `export function scale(v: number[], k: number): number[] {
  return v.map((x) => x * k);
}
`;
const IN_PLACE = `export function scale(v: number[], k: number): number[] {
  for (let i = 0; i < v.length; i++) v[i] *= k;
  return v;
}
`;
/** Leaves its argument holding a getter: nothing the grader may read, so the case fails, unread. */
const GETTER = `export function scale(v: number[], k: number): number[] {
  const out = v.map((x) => x * k);
  Object.defineProperty(v, 0, { get: () => 1 });
  return out;
}
`;

const CHANGED = /^changed argument 1: it was \[1, 2, 3\] and the call left it \[2, 4, 6\] — the exercise promises/;

describe("a check that promises the inputs are unchanged", () => {
  it("asks only its own calls to be watched", () => {
    expect(callsOf(exercise).map((c) => c.watchInputs ?? false)).toEqual([true, false]);
  });

  it("names the argument, what it was and what the call left it, exactly", () => {
    expect(inputsChanged([[1, 2, 3], 2], [[1, 2, 3], 2])).toBeUndefined();
    expect(inputsChanged([[1, 2, 3], 2], [[2, 4, 6], 2])).toMatch(CHANGED);
    expect(inputsChanged([[0.1]], [[0.1 + 1e-18]])).toBeUndefined(); // the same double
    expect(inputsChanged([[0.5]], [[0.5000000000000001]])).toMatch(
      /it was \[0\.5\] and the call left it \[0\.5000000000000001\]/,
    );
    // NaN is unchanged when it stays NaN; −0 and 0 are one value once they travel as JSON.
    expect(inputsChanged([[NaN, -0]], [[NaN, 0]])).toBeUndefined();
    expect(inputsChanged([{ a: [1] }], [{ a: [1], b: 2 }])).toMatch(/changed argument 1/);
    expect(inputsChanged([[1]], undefined)).toMatch(/could not be read back after the call/);
  });

  it("in this process (runCalls, the panels without a worker): fails the watched case only", () => {
    const fresh = { scale: (v: number[], k: number) => v.map((x) => x * k) };
    expect(judge(exercise, runCalls(fresh, callsOf(exercise))).earned).toBe(3);
    const result = judge(exercise, runCalls({ scale: inPlace }, callsOf(exercise)));
    expect(result.checks.map((c) => c.passed)).toEqual([false, true]);
    expect(result.checks[0]!.failures[0]!.error).toMatch(CHANGED);
  });

  it("in the sandbox: the child sends a watched call's arguments back, and only those", async () => {
    const fresh = await runSubmission({ [FILE]: FRESH }, FILE, callsOf(exercise));
    expect(fresh.outcomes).toEqual([
      { ok: true, value: [2, 4, 6], inputsAfter: [[1, 2, 3], 2] },
      { ok: true, value: [2, 4, 6] },
    ]);
    expect(judge(exercise, fresh.outcomes).earned).toBe(3);

    const inPlace = await runSubmission({ [FILE]: IN_PLACE }, FILE, callsOf(exercise));
    const verdict = judge(exercise, inPlace.outcomes);
    expect(verdict.checks.map((c) => c.passed)).toEqual([false, true]);
    expect(verdict.checks[0]!.failures[0]!.error).toMatch(CHANGED);

    const getter = await runSubmission({ [FILE]: GETTER }, FILE, callsOf(exercise));
    expect(getter.outcomes[0]).toEqual({ ok: true, value: [2, 4, 6] }); // the arguments were not read
    expect(judge(exercise, getter.outcomes).checks[0]!.failures[0]!.error).toMatch(/could not be read back/);
  });

  it("an unwatched call in the sandbox is not asked for its arguments", async () => {
    const calls: RunnableCall[] = [{ fn: "scale", args: [[1, 2, 3], 2] }];
    const run = await runSubmission({ [FILE]: IN_PLACE }, FILE, calls);
    expect(run.outcomes).toEqual([{ ok: true, value: [2, 4, 6] }]);
  });
});

function inPlace(v: number[], k: number): number[] {
  for (let i = 0; i < v.length; i++) v[i]! *= k;
  return v;
}
