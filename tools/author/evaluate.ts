/**
 * Evaluating a student's exercises: their source files run in the sandbox next to the course's own
 * library (never theirs), each holding only the library modules its exercise allows, and the answers
 * are judged on the trusted side. Shared by the checker (the student's working tree: `npm run check`
 * evaluates the exercises it names in one sandboxed process, then Vitest reports them; a suite started
 * another way evaluates its own) and the grader (a class's submissions: a student's whole submission in
 * one sandboxed process). Either way each exercise runs in fresh `vm` contexts of its own.
 */

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ConcreteExercise } from "../isomorphic/exercise.ts";
import { type ExerciseResult, callsOf, joinHidden, judge, splitHidden } from "../isomorphic/judge.ts";
import { SUPPORT_FILES, loadExercise } from "./course.ts";
import { fromRoot } from "./root.ts";
import { DEFAULT_LIMITS } from "../sandbox/limits.ts";
import { type SubmissionRun, runSubmissions } from "../sandbox/run.ts";
import type { SandboxJob } from "../sandbox/transpile.ts";

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
  /** The run of the visible checks (the student's console output comes from it alone). */
  run?: SubmissionRun;
  /** The run of the hidden checks, in a fresh instance of the module, where there are any: never shown to a student. */
  hiddenRun?: SubmissionRun;
}

/** A student's version of an exercise's file, or why there is none (missing, refused). */
export type Submitted = string | { problem: string };

/** The student's version of exercise file `file` (relative to `exercises/`) in the tree `tree`. */
export function submittedFile(tree: string, file: string): Submitted {
  try {
    return readFileSync(join(tree, file), "utf8");
  } catch {
    return { problem: `exercises/${file} is missing` };
  }
}

/** An exercise's calls, made once: the sandbox keeps their JavaScript form by identity. */
const callsCache = new WeakMap<ConcreteExercise, ReturnType<typeof callsOf>>();
function callsFor(exercise: ConcreteExercise): ReturnType<typeof callsOf> {
  let calls = callsCache.get(exercise);
  if (!calls) callsCache.set(exercise, (calls = callsOf(exercise)));
  return calls;
}
/** An exercise's two parts, made once (so that their calls are, too). */
const partsCache = new WeakMap<ConcreteExercise, ReturnType<typeof splitHidden>>();
function partsOf(exercise: ConcreteExercise): ReturnType<typeof splitHidden> {
  let parts = partsCache.get(exercise);
  if (!parts) partsCache.set(exercise, (parts = splitHidden(exercise)));
  return parts;
}

/** The sandbox job of one exercise (or one part of it). */
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
 *
 * Hidden checks stay hidden (docs/grading.md §3): each exercise runs as two jobs, each in a fresh `vm`
 * context — a fresh instance of the student's module — its visible checks in the first, its hidden
 * checks in the second, and every exercise's visible job comes before any hidden job. So the visible
 * verdicts are settled before a hidden input exists in the process: a module that records its
 * arguments and throws them later saw only visible ones, and nothing left running in a visible context
 * (a timer, a pending promise) can report anything once its job is over (its answers and its console
 * output have been read). The visible verdict is the one the student edition's checker computes for
 * the same cases (`result.visible`); the module-wide problem (it does not compile, threw while
 * loading) is read from the visible run. A module that never finished loading in its visible job is
 * not run again for its hidden one, which fails the same way at once (child.mjs `stuckImports`): an
 * infinite loop at top level costs the import limit once. In the student edition there are no hidden
 * checks: one job.
 */
export async function evaluateAll(
  exercises: readonly ConcreteExercise[],
  sources: readonly Submitted[],
): Promise<Evaluation[]> {
  const runnable = exercises.flatMap((e, i) => (typeof sources[i] === "string" ? [i] : []));
  const withHidden = runnable.filter((i) => exercises[i]!.checks.some((c) => c.hidden));
  const jobs = [
    ...runnable.map((i) => jobOf(partsOf(exercises[i]!).visible, sources[i] as string)),
    ...withHidden.map((i) => jobOf(partsOf(exercises[i]!).hidden, sources[i] as string)),
  ];
  const runs = await runSubmissions(jobs);
  const visibleRuns = new Map(runnable.map((i, k) => [i, runs[k]!]));
  const hiddenRuns = new Map(withHidden.map((i, k) => [i, runs[runnable.length + k]!]));
  const verdict = (part: ConcreteExercise, run: SubmissionRun) =>
    judge(part, run.problem ? { problem: run.problem } : run.outcomes);
  return exercises.map((exercise, i) => {
    const run = visibleRuns.get(i);
    if (!run) return { result: judge(exercise, sources[i] as { problem: string }) };
    const { visible, hidden } = partsOf(exercise);
    const hiddenRun = hiddenRuns.get(i);
    if (!hiddenRun) return { result: verdict(visible, run), run };
    return { result: joinHidden(exercise, verdict(visible, run), verdict(hidden, hiddenRun)), run, hiddenRun };
  });
}

/**
 * Runs `source` (the student's version of `exercise.file`) against the exercise's checks.
 * `source` as `{problem}` (the file is missing, or was refused) fails every check with that reason.
 */
export async function evaluate(exercise: ConcreteExercise, source: Submitted): Promise<Evaluation> {
  return (await evaluateAll([exercise], [source]))[0]!;
}

/** The student's console output during an evaluation: the visible run's (the hidden one's is never shown). */
export const consoleOf = (e: Evaluation): string => `${e.run?.stdout ?? ""}${e.run?.stderr ?? ""}`;

/** What `npm run check` hands its Vitest: each exercise's result and the student's console output. */
export type EvaluatedFiles = Record<string, { result: ExerciseResult; log: string }>;

/**
 * The environment variable naming the JSON file of {@link EvaluatedFiles} that `npm run check` writes
 * before it starts Vitest (tools/student/check.ts): every exercise of the run evaluated in one sandboxed
 * process, as the grader does a student's — each exercise still in fresh `vm` contexts of its own —
 * instead of a process for each (tools/author/vitest-checks.ts reads it). An exercise it does not name
 * (Vitest started another way, a definition that failed to load) is evaluated by its own suite.
 */
export const EVALUATED_ENV = "COURSE_CHECKS_EVALUATED";

/** Evaluates the exercises `files` (relative to `tests/exercises/`) of the tree `tree` in one sandboxed process. */
export async function evaluateFiles(files: readonly string[], tree: string): Promise<EvaluatedFiles> {
  const loaded = await Promise.allSettled(files.map((f) => loadExercise(f)));
  const ok = files.flatMap((file, i) => {
    const l = loaded[i]!;
    return l.status === "fulfilled" ? [{ file, exercise: l.value }] : [];
  });
  const evaluations = await evaluateAll(
    ok.map((o) => o.exercise),
    ok.map((o) => submittedFile(tree, o.file)),
  );
  return Object.fromEntries(
    ok.map((o, i) => {
      const e = evaluations[i]!;
      return [o.file, { result: e.result, log: consoleOf(e) }];
    }),
  );
}
