/**
 * `npm run validate [-- exercise…]`: proves the course is consistent (tools/author/validation.ts) — the
 * three trees mirror each other, every solution passes and imports only what its exercise allows, every
 * stub fails as "not started", no check has a zero tolerance, the stubs' types mirror the solutions' —
 * and that the references are right: every fixture (tests/exercises/fixtures/) is graded as the grader
 * grades a class, and earns what it declares. Exits 1 on any problem.
 *
 * Fixtures are graded here on the grader's cases (its salt) only: that is what a class is graded on,
 * and a wrong reference shows on any salt's generated cases. The fixtures test
 * (tests/exercises/fixtures.test.ts) grades them on the student edition's cases too.
 */

import { parseCommand, runCommand } from "../author/cli.ts";
import { courseIndex, findExercise } from "../author/course.ts";
import { unguardedPromises } from "../author/promises.ts";
import { courseProblems, fixtureFiles, promiseTable, startFixtureGrading } from "../author/validation.ts";
import { gradingSalt } from "./grade.ts";

const { positionals, values } = parseCommand(
  `Usage: npm run validate [-- [--audit] exercise…]

Proves the course is consistent and its reference solutions right (every fixture graded as it
declares); lists every problem and exits 1 if there is one. Name exercises (as check takes them:
05.3, slerp, 05-interpolating-rotations/03-slerp) to validate only those.

  --audit   print the promise audit instead: per check, the promise it guards and the wrong
            fixtures that lose it (a markdown table)`,
  { audit: { type: "boolean" } },
);
await runCommand(async () => {
  const started = performance.now();
  const only = positionals.length
    ? await courseIndex().then((all) => positionals.map((q) => findExercise(all, q).file))
    : undefined;
  if (values.audit) {
    console.log(await promiseTable(only));
    return;
  }
  // The fixtures are graded in sandbox processes while this one checks the rest: start them first.
  const grading = await startFixtureGrading({ salt: gradingSalt(), only });
  const problems = await courseProblems(only);
  problems.push(...(await grading.problems));
  const fixtures = fixtureFiles().filter((f) => !only || only.includes(f.exercise)).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const unguarded = await unguardedPromises(only);
  if (unguarded.length)
    console.log(
      `${unguarded.length} promise(s) a stub makes that no check can see yet (marked // Unguarded: in the definition):\n  ${unguarded.join("\n  ")}`,
    );
  if (problems.length) {
    console.log(`${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `The course is valid: ${only?.length ?? (await courseIndex()).length} exercise(s) — the three trees mirror each other, every solution passes and uses only what its exercise allows, every stub fails as "not started", every tolerance is positive, the stubs' types mirror the solutions', and ${fixtures} fixtures earn what they declare on the grader's cases (${seconds} s).`,
    );
  }
});
