/** `npm run validate`: proves the course is consistent (see tools/course/validation.ts); exits 1 on any problem. */

import { exercises } from "./course/manifest.ts";
import { courseProblems } from "./course/validation.ts";

const started = performance.now();
const problems = await courseProblems();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (problems.length) {
  console.log(`${problems.length} problem(s):\n  ${problems.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log(
    `The course is valid: ${exercises.length} exercises — every solution passes, every stub fails as "not started", the trees agree and the stubs' types mirror the solutions' (${seconds} s).`,
  );
}
