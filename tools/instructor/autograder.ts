/**
 * The Gradescope autograder's grading step, which `run_autograder` (written by export-gradescope.ts)
 * runs once per submission:
 *
 *   node --import ./tools/author/register-ts.mjs tools/instructor/autograder.ts <submission> <results.json> [assignment.json]
 *
 * It grades the upload as one student with `gradeStudent` — the very function `npm run grade` calls
 * for each student folder, so the upload is found however it is laid out (files dropped flat, one
 * wrapper folder, an `exercises/` tree) — and writes Gradescope's results.json
 * (https://gradescope-autograders.readthedocs.io/en/latest/specs/, "Output format").
 *
 * An assignment is a selection of exercises: when `assignment.json` (at the zip's root, so
 * /autograder/source/assignment.json) holds `{"exercises": ["05-interpolating-rotations/03-slerp", …]}`,
 * only those are graded; without it, the whole course.
 *
 * It always writes a valid results.json: should grading itself fail (a bug, a broken install, an
 * unreadable course), the student gets score 0 and an `output` that says the autograder failed — not
 * their code — and asks them to tell the instructor; the details go to stderr, which Gradescope shows
 * the instructor only (`stdout_visibility: "hidden"`).
 */

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { CommandError, parseCommand } from "../author/cli.ts";
import { isMain } from "../author/root.ts";
import { readAssignment } from "./assignment.ts";
import { type GradescopeResults, gradeStudent, gradescopeResults, gradingCourse } from "./grade.ts";

/** The results.json of a grading that failed: no points, and words that say it was not the student's doing. */
export function crashResults(error: unknown, seconds: number): GradescopeResults {
  const what = error instanceof Error ? error.message : String(error);
  return {
    score: 0,
    execution_time: Math.round(seconds * 100) / 100,
    output: `The autograder failed before it could grade your submission, so this score of 0 is not a grade: please tell your instructor. (${what.split("\n")[0]!.slice(0, 300)})`,
    stdout_visibility: "hidden",
    tests: [],
  };
}

/** Writes `results` to `path` at once (a temporary file, then renamed): Gradescope never reads half a file. */
function writeResults(path: string, results: GradescopeResults): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(results, null, 2) + "\n");
  renameSync(temp, path);
}

/**
 * Grades the upload in `submission` (the exercises of `assignment`, or the whole course) and writes
 * `results`. Never throws: a failure becomes a results.json with score 0 that says so (and the stack
 * goes to stderr, for the instructor).
 */
export async function runAutograder(submission: string, results: string, assignment?: string): Promise<void> {
  const started = performance.now();
  try {
    const { exercises, hiddenVisibility } = assignment && existsSync(assignment) ? readAssignment(assignment) : {};
    const course = await gradingCourse(exercises);
    const grade = await gradeStudent(course, submission, "student");
    writeResults(results, gradescopeResults(course, grade, hiddenVisibility));
  } catch (error) {
    console.error("The autograder failed:", error);
    writeResults(results, crashResults(error, (performance.now() - started) / 1000));
  }
}

if (isMain(import.meta.url)) {
  const usage = `Usage: node --import ./tools/author/register-ts.mjs tools/instructor/autograder.ts <submission> <results.json> [assignment.json]

Grades one Gradescope upload and writes its results.json (run by the exported run_autograder).`;
  const { positionals } = parseCommand(usage, {});
  if (positionals.length < 2 || positionals.length > 3) {
    console.error(usage);
    process.exit(2);
  }
  await runAutograder(positionals[0]!, positionals[1]!, positionals[2]);
}
