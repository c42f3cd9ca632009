/**
 * Where a check's cases come from: a {@link CaseContext} named by the grader's salt, the exercise and the
 * check — the one way the salt gets in. A case keeps its identity when another check is added, and
 * changes with the salt.
 */

import { describe, expect, it } from "vitest";
import { type AnyDefinition, type CaseContext, currentCaseContext } from "../../../tools/isomorphic/exercise.ts";
import { caseContext, concreteExercise } from "../../../tools/isomorphic/judge.ts";

/** What the definitions' `caseRng(seed)` (tests/exercises/cases.ts) draws from: stream `seed` of the current check. */
const caseRng = (seed: number) => currentCaseContext().stream(seed);

const place = {
  id: "00-test/01-twice",
  number: "00.1",
  name: "twice",
  chapter: "00-test",
  file: "00-test/01-twice.ts",
};
const solution = { twice: (x: number) => 2 * x };
const drawn = (ctx: CaseContext) => [
  { fn: "twice", args: [ctx.rng()] },
  { fn: "twice", args: [caseRng(7)()] },
];
const check = (name: string) => ({ name, points: 1, comparison: { kind: "exact" } as const, cases: drawn });
const definition = (...names: string[]): AnyDefinition => ({
  title: "Twice",
  uses: [],
  hints: [],
  checks: names.map(check),
});
const argsOf = (d: AnyDefinition, salt: number, name: string) =>
  concreteExercise(d, place, solution, salt)
    .checks.find((c) => c.name === name)!
    .cases.map((c) => c.args[0]);

describe("the case context", () => {
  it("gives a check the same cases whatever other checks there are", () => {
    expect(argsOf(definition("b"), 0, "b")).toEqual(argsOf(definition("a", "b", "c"), 0, "b"));
  });

  it("gives each check, and each salt, cases of its own", () => {
    const d = definition("a", "b");
    expect(argsOf(d, 0, "a")).not.toEqual(argsOf(d, 0, "b"));
    expect(argsOf(d, 0, "a")).not.toEqual(argsOf(d, 12345, "a"));
    expect(argsOf(d, 12345, "a")).toEqual(argsOf(d, 12345, "a"));
  });

  it("draws doubles with all 53 bits, never the k/2³² of one 32-bit draw", () => {
    const rng = caseContext(0, place.id, "a").rng;
    const draws = Array.from({ length: 1000 }, rng);
    expect(draws.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(draws.filter((x) => Number.isInteger(x * 2 ** 32)).length).toBeLessThan(5);
  });

  it("refuses a salted draw outside a check's cases", () => {
    expect(() => caseRng(1)).toThrow(/inside its cases\(ctx\)/);
  });
});
