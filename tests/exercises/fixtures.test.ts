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
 * judging a fixture's grade are tools/author/validation.ts's (`fixtureFiles`, `startFixtureGrading`),
 * which `npm run validate` uses too: each chapter's fixtures graded in one sandboxed process, on both
 * salts at once; here each fixture's verdict is a test of its own, on both salts.
 */

import { readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../../tools/author/root.ts";
import { fixtureFiles, startFixtureGrading } from "../../tools/author/validation.ts";
import { gradingSalt } from "../../tools/instructor/grade.ts";

/** Each fixture is graded on the cases the student edition ships and on the ones the grader draws. */
const SALTS = [
  ["the student edition's cases", 0],
  ["the grader's cases", gradingSalt()],
] as const;

const fixtures = fixtureFiles();

/** Each fixture's disagreements (see `fixtureDisagreements`), by salt, then by the fixture's path. */
const verdicts = new Map<number, Map<string, string[]>>();
beforeAll(async () => {
  // Both gradings at once: each salt's sandboxes run while the other's exercises load.
  const gradings = await Promise.all(
    SALTS.map(async ([, salt]) => [salt, await startFixtureGrading({ salt })] as const),
  );
  for (const [salt, grading] of gradings) verdicts.set(salt, await grading.byFixture);
}, 900_000);

describe.each(fixtures.map((f) => [`${f.exercise.replace(/\.ts$/, "")}/${f.name}`, f] as const))(
  "fixture %s",
  (_, f) => {
    it.each(SALTS)(
      f.kind === "correct" ? "earns full marks on %s" : "loses exactly the checks it names on %s",
      (_, salt) => {
        // Absent (undefined) when the fixture is for no exercise.
        expect(verdicts.get(salt)!.get(f.path), "the fixture's disagreements").toEqual([]);
      },
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
