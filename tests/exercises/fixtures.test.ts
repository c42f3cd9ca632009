/**
 * The checks tell right from wrong: every fixture under tests/exercises/fixtures/<chapter>/<nn-name>/ is
 * a student's file for that exercise, graded as the grader grades (the sandbox, hidden checks included,
 * the exercise's library allowance enforced).
 * - `correct-*.ts`: another valid answer (a different branch, sign, axis, formula), written independently
 *   of the solution. It must earn full marks.
 * - `wrong-*.ts`: a subtly wrong answer (a contract broken, digits lost, a library shortcut). Each
 *   `// fails: <check name>` line names a check it must lose (`// fails: *` for every check, e.g. a
 *   forbidden import); exactly those checks fail and the rest pass.
 * The header comment of each fixture says what it is and why it earns what it earns.
 */

import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadExercise } from "../../tools/author/course.ts";
import { evaluate } from "../../tools/author/evaluate.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { gradingSalt } from "../../tools/instructor/grade.ts";

const ROOT = fromRoot("tests/exercises/fixtures");

/** Each fixture is graded on the cases the student edition ships and on the ones the grader draws. */
const SALTS = [
  ["the student edition's cases", 0],
  ["the grader's cases", gradingSalt()],
] as const;

/** Every fixture: its exercise file (relative to exercises/), kind and path. */
const fixtures = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((chapter) =>
    readdirSync(`${ROOT}/${chapter.name}`).flatMap((exercise) =>
      readdirSync(`${ROOT}/${chapter.name}/${exercise}`)
        .filter((f) => /^(correct|wrong)-.+\.ts$/.test(f))
        .map((f) => ({
          exercise: `${chapter.name}/${exercise}.ts`,
          name: f.replace(/\.ts$/, ""),
          path: `${ROOT}/${chapter.name}/${exercise}/${f}`,
        })),
    ),
  );

describe.each(fixtures.map((f) => [`${f.exercise.replace(/\.ts$/, "")}/${f.name}`, f] as const))(
  "fixture %s",
  (_, f) => {
    it.each(SALTS)(
      f.name.startsWith("correct-") ? "earns full marks on %s" : "loses exactly the checks it names on %s",
      async (_, salt) => {
        process.env.COURSE_CASE_SALT = String(salt);
        const exercise = await loadExercise(f.exercise).finally(() => delete process.env.COURSE_CASE_SALT);
        const source = readFileSync(f.path, "utf8");
        const { result } = await evaluate(exercise, source);
        const failed = result.checks.filter((c) => !c.passed).map((c) => c.name);
        const why = result.checks
          .filter((c) => !c.passed)
          .map((c) => `${c.name}: ${c.failures[0]?.input} — ${c.failures[0]?.error}`)
          .join("\n");
        if (f.name.startsWith("correct-")) {
          expect(failed, why).toEqual([]);
          expect(result.earned).toBe(result.points);
        } else {
          const named = [...source.matchAll(/^\s*\/\/ fails: (.+)$/gm)].map((m) => m[1]!.trim());
          expect(named.length, `${f.path} names no check with "// fails: <check name>"`).toBeGreaterThan(0);
          const expected = named.includes("*") ? result.checks.map((c) => c.name) : named;
          for (const n of expected)
            expect(
              result.checks.map((c) => c.name),
              `no check named "${n}"`,
            ).toContain(n);
          expect(failed.sort(), why).toEqual([...expected].sort());
          expect(result.earned).toBeLessThan(result.points);
        }
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
    expect(here.filter((f) => f.name.startsWith("correct-")).length, chapter).toBeGreaterThanOrEqual(2);
    expect(here.filter((f) => f.name.startsWith("wrong-")).length, chapter).toBeGreaterThanOrEqual(2);
  }
});
