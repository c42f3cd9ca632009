/**
 * Evaluating one exercise of one student: their source file runs in the sandbox next to the course's
 * own library (never theirs), holding only the library modules the exercise allows, and the answers are
 * judged on the trusted side. Shared by the checker (the student's working tree, through Vitest) and the
 * grader (a class's submissions).
 */

import { readFileSync, readdirSync } from "node:fs";
import type { ConcreteExercise } from "../isomorphic/exercise.ts";
import { type ExerciseResult, callsOf, judge } from "../isomorphic/judge.ts";
import { SUPPORT_FILES } from "./course.ts";
import { fromRoot } from "./root.ts";
import { DEFAULT_LIMITS, type SubmissionRun, runSubmission } from "./sandbox.ts";

let courseFiles: Record<string, string> | undefined;

/** The course's library and exercise support files, read once: what a submission runs beside. */
function trustedFiles(): Record<string, string> {
  if (!courseFiles) {
    courseFiles = {};
    for (const f of readdirSync(fromRoot("lib")))
      if (f.endsWith(".ts")) courseFiles[`lib/${f}`] = readFileSync(fromRoot(`lib/${f}`), "utf8");
    for (const f of SUPPORT_FILES) courseFiles[`exercises/${f}`] = readFileSync(fromRoot(`exercises/${f}`), "utf8");
  }
  return courseFiles;
}

export interface Evaluation {
  result: ExerciseResult;
  run?: SubmissionRun;
}

/**
 * Runs `source` (the student's version of `exercise.file`) against the exercise's checks.
 * `source` as `{problem}` (the file is missing, or was refused) fails every check with that reason.
 */
export async function evaluate(exercise: ConcreteExercise, source: string | { problem: string }): Promise<Evaluation> {
  if (typeof source !== "string") return { result: judge(exercise, source) };
  const entry = `exercises/${exercise.file}`;
  const limits = {
    ...DEFAULT_LIMITS,
    totalTimeoutMs: Math.max(exercise.timeLimitMs, DEFAULT_LIMITS.importTimeoutMs + DEFAULT_LIMITS.callTimeoutMs),
  };
  const run = await runSubmission({ ...trustedFiles(), [entry]: source }, entry, callsOf(exercise), limits, {
    uses: exercise.uses,
    exercise: `${exercise.number} ${exercise.name}`,
  });
  const result = judge(exercise, run.problem ? { problem: run.problem } : run.outcomes);
  return { result, run };
}
