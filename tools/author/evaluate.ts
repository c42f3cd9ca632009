/**
 * Evaluating a student's exercises: their source files run in the sandbox next to the course's own
 * library (never theirs), each holding only the library modules its exercise allows, and the answers
 * are judged on the trusted side. Shared by the checker (the student's working tree, through Vitest:
 * one exercise at a time) and the grader (a class's submissions: a student's whole submission in one
 * sandboxed process, each exercise in a context of its own).
 */

import { readFileSync, readdirSync } from "node:fs";
import type { ConcreteExercise } from "../isomorphic/exercise.ts";
import { type ExerciseResult, callsOf, judge } from "../isomorphic/judge.ts";
import { SUPPORT_FILES } from "./course.ts";
import { fromRoot } from "./root.ts";
import { DEFAULT_LIMITS, type SandboxJob, type SubmissionRun, runSubmissions } from "./sandbox.ts";

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

/** A student's version of an exercise's file, or why there is none (missing, refused). */
export type Submitted = string | { problem: string };

/** An exercise's calls, made once: the sandbox keeps their JavaScript form by identity. */
const callsCache = new WeakMap<ConcreteExercise, ReturnType<typeof callsOf>>();
function callsFor(exercise: ConcreteExercise): ReturnType<typeof callsOf> {
  let calls = callsCache.get(exercise);
  if (!calls) callsCache.set(exercise, (calls = callsOf(exercise)));
  return calls;
}

/** The sandbox job of one exercise. */
function jobOf(exercise: ConcreteExercise, source: string): SandboxJob {
  const entry = `exercises/${exercise.file}`;
  return {
    files: { ...trustedFiles(), [entry]: source },
    entry,
    calls: callsFor(exercise),
    limits: {
      ...DEFAULT_LIMITS,
      totalTimeoutMs: Math.max(exercise.timeLimitMs, DEFAULT_LIMITS.importTimeoutMs + DEFAULT_LIMITS.callTimeoutMs),
    },
    restrict: { uses: exercise.uses, exercise: `${exercise.number} ${exercise.name}` },
  };
}

/**
 * Runs each source (the student's version of `exercises[i].file`) against its exercise's checks, all in
 * one sandboxed process. A source given as `{problem}` fails every check with that reason.
 */
export async function evaluateAll(
  exercises: readonly ConcreteExercise[],
  sources: readonly Submitted[],
): Promise<Evaluation[]> {
  const runnable = exercises.flatMap((e, i) => (typeof sources[i] === "string" ? [i] : []));
  const runs = await runSubmissions(runnable.map((i) => jobOf(exercises[i]!, sources[i] as string)));
  const byIndex = new Map(runnable.map((i, k) => [i, runs[k]!]));
  return exercises.map((exercise, i) => {
    const run = byIndex.get(i);
    const source = sources[i]!;
    if (!run) return { result: judge(exercise, source as { problem: string }) };
    return { result: judge(exercise, run.problem ? { problem: run.problem } : run.outcomes), run };
  });
}

/**
 * Runs `source` (the student's version of `exercise.file`) against the exercise's checks.
 * `source` as `{problem}` (the file is missing, or was refused) fails every check with that reason.
 */
export async function evaluate(exercise: ConcreteExercise, source: Submitted): Promise<Evaluation> {
  return (await evaluateAll([exercise], [source]))[0]!;
}
