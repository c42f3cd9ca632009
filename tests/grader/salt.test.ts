/**
 * A submission that looks up the expected values the student edition ships loses every check: the
 * grader draws its cases with a salt the edition does not have (docs/grading.md §3).
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluateAll } from "../../tools/author/evaluate.ts";
import { type GradescopeResults, gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { MULTIPLY, multiplyExercise, scratchFolder } from "./shared.ts";

const scratch = scratchFolder("salt");

describe("a submission that looks up the student edition's expected values", () => {
  it("loses every check: each draws cases from a salt the edition does not have", { timeout: 120_000 }, async () => {
    // The student edition ships each visible check's cases with their expected values (multiplyExercise
    // was loaded as the edition's is, unsalted). A table of them, keyed by the arguments:
    const visible = multiplyExercise.checks.filter((c) => !c.hidden);
    const table = visible.flatMap((c) => c.cases.map((k) => [JSON.stringify(k.args), k.expected]));
    const lookup = `const table = new Map<string, unknown>(${JSON.stringify(table)});
export function multiply(a: number[], b: number[]): unknown {
  return table.get(JSON.stringify([a, b])) ?? [0, 0, 0, 1];
}
`;
    const submissions = join(scratch, "lookup");
    const out = join(scratch, "lookup-out");
    const dir = join(submissions, "table", "exercises");
    cpSync(fromRoot("exercises"), dir, { recursive: true });
    writeFileSync(join(dir, MULTIPLY), lookup);
    await gradeClass({ submissions, out, quiet: true, exercises: [multiplyExercise.id] });
    const results = JSON.parse(readFileSync(join(out, "table", "results.json"), "utf8")) as GradescopeResults;
    // It would have passed every visible check of the edition's own `npm run check`…
    const { result: asEdition } = (await evaluateAll([multiplyExercise], [lookup]))[0]!;
    for (const c of asEdition.checks.filter((c) => !c.hidden)) expect(c.passed, c.name).toBe(true);
    // …but in grading it earns nothing: every visible check also grades cases drawn from the grader's
    // salt (validation refuses a check whose cases the salt leaves alone), and hidden ones were never shipped.
    for (const t of results.tests) expect(t.status, t.name).toBe("failed");
    expect(results.tests).toHaveLength(multiplyExercise.checks.length);
    expect(results.score).toBe(0);
  });
});
