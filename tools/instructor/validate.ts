/**
 * `npm run validate`: proves the course is consistent (tools/author/validation.ts) — the three trees
 * mirror each other, every solution passes and imports only what its exercise allows, every stub fails
 * as "not started", no check has a zero tolerance, the stubs' types mirror the solutions'. Exits 1 on
 * any problem.
 */

import { parseCommand, runCommand } from "../author/cli.ts";
import { DEFINITIONS, exerciseFiles } from "../author/course.ts";
import { unguardedPromises } from "../author/promises.ts";
import { courseProblems } from "../author/validation.ts";

parseCommand(
  "Usage: npm run validate\n\nProves the course is consistent; lists every problem and exits 1 if there is one.",
  {},
);
await runCommand(async () => {
  const started = performance.now();
  const problems = await courseProblems();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const unguarded = await unguardedPromises();
  if (unguarded.length)
    console.log(
      `${unguarded.length} promise(s) a stub makes that no check can see yet (marked // Unguarded: in the definition):\n  ${unguarded.join("\n  ")}`,
    );
  if (problems.length) {
    console.log(`${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(
      `The course is valid: ${exerciseFiles(DEFINITIONS).length} exercises — the three trees mirror each other, every solution passes and uses only what its exercise allows, every stub fails as "not started", every tolerance is positive, and the stubs' types mirror the solutions' (${seconds} s).`,
    );
  }
});
