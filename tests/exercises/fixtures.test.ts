/**
 * The checks tell right from wrong: every fixture under tests/exercises/fixtures/<chapter>/<nn-name>/ is
 * a student's file for that exercise, graded as the grader grades (the sandbox, hidden checks included,
 * the exercise's library allowance enforced).
 * - `correct-*.ts`: another valid answer (a different branch, sign, axis, formula), written independently
 *   of the solution. It must earn full marks.
 * - `wrong-*.ts`: a subtly wrong answer (a contract broken, digits lost, a library shortcut). Each
 *   `// fails: <check name>` line names a check it must lose (`// fails: *` for every check, e.g. a
 *   forbidden import); exactly those checks fail and the rest pass.
 * The header comment of each fixture says what it is and why it earns what it earns. Finding fixtures and
 * judging a fixture's grade are tools/author/validation.ts's (`fixtureFiles`, `fixtureDisagreements`),
 * which `npm run validate` uses too; here each fixture is a test of its own, on both salts.
 */

import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadExercise } from "../../tools/author/course.ts";
import { evaluate } from "../../tools/author/evaluate.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { fixtureDisagreements, fixtureFiles } from "../../tools/author/validation.ts";
import { gradingSalt } from "../../tools/instructor/grade.ts";

/** Each fixture is graded on the cases the student edition ships and on the ones the grader draws. */
const SALTS = [
  ["the student edition's cases", 0],
  ["the grader's cases", gradingSalt()],
] as const;

const fixtures = fixtureFiles();

describe.each(fixtures.map((f) => [`${f.exercise.replace(/\.ts$/, "")}/${f.name}`, f] as const))(
  "fixture %s",
  (_, f) => {
    it.each(SALTS)(
      f.kind === "correct" ? "earns full marks on %s" : "loses exactly the checks it names on %s",
      async (_, salt) => {
        const exercise = await loadExercise(f.exercise, salt);
        const source = readFileSync(f.path, "utf8");
        const { result } = await evaluate(exercise, source);
        expect(fixtureDisagreements(f, source, result)).toEqual([]);
      },
      60_000,
    );
  },
);

it("every chapter with exercises has at least two correct alternatives and two subtly wrong answers", () => {
  const chapters = readdirSync(fromRoot("tests/exercises"), { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d\d-/.test(d.name))
    .map((d) => d.name);
  for (const chapter of chapters) {
    const here = fixtures.filter((f) => f.exercise.startsWith(`${chapter}/`));
    expect(here.filter((f) => f.kind === "correct").length, chapter).toBeGreaterThanOrEqual(2);
    expect(here.filter((f) => f.kind === "wrong").length, chapter).toBeGreaterThanOrEqual(2);
  }
});
