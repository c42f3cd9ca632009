/**
 * Checks made concrete: every case of every check with its expected value, and the verdict on a set of
 * answers. The expected values come from the reference solutions on the trusted side (the full course),
 * or from the definitions themselves, where `npm run release` wrote them (the student edition, which has
 * no solutions and no hidden checks). Judging runs wherever the answers are: in the checker and the
 * grader (Node), and in the notebooks' "your turn" panels (the browser).
 */

import * as say from "../sandbox/messages.ts";
import { asCode, compare, describe, inputsChanged } from "./compare.ts";
import { random } from "../../lib/index.ts";
import {
  type CaseContext,
  type ConcreteExercise,
  type AnyDefinition,
  type ExercisePlace,
  type Json,
  EXERCISE_DEFAULTS,
  pointsOf,
  withCaseContext,
} from "./exercise.ts";

/** One call a runner makes: an export of the module and its arguments. */
export interface RunnableCall {
  fn: string;
  args: Json[];
  /**
   * Report the arguments as the call left them ({@link Outcome} `inputsAfter`): its check promises
   * they are unchanged. Every runner honours it — {@link runCalls}, the sandbox's child, the panels' worker.
   */
  watchInputs?: true;
}

/** What running one case produced: a value, or why there is none. */
export type Outcome =
  | {
      ok: true;
      value: unknown;
      /** the arguments after the call, when it was asked to watch them */ inputsAfter?: unknown[];
    }
  | { ok: false; error: string; /** the stub's NotImplemented error */ notImplemented?: boolean };

/** One failed case, in words a student can act on. */
export interface CaseFailure {
  /** Which case of its check, counting from 0 (the panel draws it). */
  index: number;
  /** The case for reading: its label (if any) and its arguments, rounded to 6 digits. */
  input: string;
  /** The call as code, every argument exact: `slerp([0, 0, 0, 1], [0, 0.7071067811865475, 0, 0.7071067811865476], 0.3)`. */
  code: string;
  expected: string;
  got: string;
  error: string;
}

export interface CheckResult {
  name: string;
  points: number;
  earned: number;
  hidden: boolean;
  passed: boolean;
  /** Cases run, and the first few failures. */
  total: number;
  failed: number;
  failures: CaseFailure[];
}

export type ExerciseStatus = "passed" | "failing" | "not started";

export interface ExerciseResult {
  id: string;
  status: ExerciseStatus;
  earned: number;
  /** Points of the checks that ran. */
  points: number;
  /** Points in hidden checks that did not run here (the student edition, the panels); 0 where they ran. */
  hiddenPoints: number;
  checks: CheckResult[];
  /** A problem with the whole module (syntax error, crash at import, time-out, a forbidden import), if any. */
  problem?: string;
  /**
   * Set where hidden checks ran (the grader, the instructor's own `npm run check`): the verdict on the
   * visible checks alone, judged from their own run — exactly what the student edition's checker
   * computes for the same cases, and all that a student may be shown in detail (see {@link shownPart}).
   */
  visible?: ExerciseResult;
}

/** The calls an exercise needs, in order, across all its checks: what a runner must evaluate. */
export function callsOf(exercise: Pick<ConcreteExercise, "checks">): RunnableCall[] {
  return exercise.checks.flatMap((c) =>
    c.cases.map(({ fn, args }) => (c.inputs === "unchanged" ? { fn, args, watchInputs: true as const } : { fn, args })),
  );
}

/** FNV-1a: a 32-bit hash of a text, to seed a stream by its name. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The case context of one check ({@link CaseContext}): each stream a generator seeded by the salt, the
 * exercise, the check and the stream's label. Its doubles take 27 bits of one draw and 26 of the next:
 * a single draw is k/2³², whose sums and averages are exact, so cases drawn from it never meet rounding.
 */
export function caseContext(salt: number, exercise: string, check: string): CaseContext {
  const stream = (label: number | string) => {
    const draw32 = random.seeded(hash32(`${salt}\u0000${exercise}\u0000${check}\u0000${label}`));
    const bits = (shift: number) => Math.floor(draw32() * 2 ** 32) >>> shift;
    return () => (bits(5) * 2 ** 26 + bits(6)) / 2 ** 53;
  };
  return { salt, exercise, check, rng: stream(""), stream };
}

/**
 * Makes an exercise's checks concrete with expected values from `solution`, the reference module
 * (trusted code: it runs in this process), and cases drawn with the grader's `salt` (0: the cases the
 * student edition ships).
 */
export function concreteExercise(
  definition: AnyDefinition,
  place: ExercisePlace,
  solution: Record<string, unknown>,
  salt = 0,
): ConcreteExercise {
  const checks = definition.checks.map((check) => {
    const ctx = caseContext(salt, place.id, check.name);
    const cases = withCaseContext(ctx, () => check.cases(ctx)).map((c) => {
      const fn = solution[c.fn];
      if (typeof fn !== "function") throw new Error(`solutions/${place.file} does not export ${c.fn}()`);
      const args = c.args as Json[];
      // Through JSON, exactly as a student's answer will travel: what is compared is what can be sent.
      const expected = JSON.parse(JSON.stringify(fn(...structuredClone(args)))) as Json;
      return { fn: c.fn, args, ...(c.label === undefined ? {} : { label: c.label }), expected };
    });
    return {
      name: check.name,
      points: check.points,
      hidden: check.hidden ?? false,
      comparison: check.comparison,
      ...(check.inputs === undefined ? {} : { inputs: check.inputs }),
      cases,
    };
  });
  return {
    ...place,
    title: definition.title,
    uses: definition.uses,
    hints: definition.hints,
    timeLimitMs: definition.timeLimitMs ?? EXERCISE_DEFAULTS.timeLimitMs,
    checks,
    hiddenPoints: pointsOf(checks.filter((c) => c.hidden)),
  };
}

const MAX_FAILURES_SHOWN = 3;

/** A case's input for reading, cut after {@link READABLE_CHARS} characters (its `code` stays whole). */
const READABLE_CHARS = 400;
const readable = (text: string): string =>
  text.length <= READABLE_CHARS ? text : `${text.slice(0, READABLE_CHARS)} … (whole on the "as code" line)`;

/**
 * An exercise cut in two: its visible checks (with the hidden points counted but absent, as in the
 * student edition) and its hidden checks. Each part runs in a fresh instance of the student's module,
 * the visible part first, so that nothing the visible part reports can depend on a hidden check's
 * inputs: a module that records its arguments in module state only ever saw the visible ones.
 */
export function splitHidden(exercise: ConcreteExercise): { visible: ConcreteExercise; hidden: ConcreteExercise } {
  return {
    visible: { ...exercise, checks: exercise.checks.filter((c) => !c.hidden) },
    hidden: { ...exercise, checks: exercise.checks.filter((c) => c.hidden) },
  };
}

/**
 * The verdict on the whole exercise from the verdicts on its two parts ({@link splitHidden}), checks in
 * the exercise's order. What concerns the module as a whole (`problem`, whether it was started) is read
 * from the visible part only: the hidden run's problems stay in its checks, which are never shown in
 * detail. The visible verdict is kept as `visible`.
 */
export function joinHidden(
  exercise: ConcreteExercise,
  visible: ExerciseResult,
  hidden: ExerciseResult,
): ExerciseResult {
  const parts = { visible: [...visible.checks], hidden: [...hidden.checks] };
  const checks = exercise.checks.map((c) => (c.hidden ? parts.hidden.shift() : parts.visible.shift())!);
  const earned = visible.earned + hidden.earned;
  const status: ExerciseStatus = checks.every((c) => c.passed)
    ? "passed"
    : visible.status === "not started" && hidden.earned === 0
      ? "not started"
      : "failing";
  return {
    id: exercise.id,
    status,
    earned,
    points: pointsOf(exercise.checks),
    hiddenPoints: exercise.hiddenPoints - pointsOf(exercise.checks.filter((c) => c.hidden)),
    checks,
    ...(visible.problem === undefined ? {} : { problem: visible.problem }),
    visible,
  };
}

/** The part of a result a student may see in detail: the visible checks' own verdict where hidden checks ran. */
export const shownPart = (result: ExerciseResult): ExerciseResult => result.visible ?? result;

/**
 * Judges answers: `outcomes[i]` is what the i-th call of {@link callsOf} produced, or one outcome for the
 * whole module when it could not run at all. A check earns its points when all of its cases pass.
 */
export function judge(exercise: ConcreteExercise, outcomes: Outcome[] | { problem: string }): ExerciseResult {
  const points = pointsOf(exercise.checks);
  const hiddenPoints = exercise.hiddenPoints - pointsOf(exercise.checks.filter((c) => c.hidden));
  if (!Array.isArray(outcomes)) {
    const checks = exercise.checks.map((c) => ({
      name: c.name,
      points: c.points,
      earned: 0,
      hidden: c.hidden,
      passed: false,
      total: c.cases.length,
      failed: c.cases.length,
      failures: [{ index: 0, input: "—", code: "", expected: "—", got: "—", error: outcomes.problem }],
    }));
    return { id: exercise.id, status: "failing", earned: 0, points, hiddenPoints, checks, problem: outcomes.problem };
  }
  let k = 0;
  let notImplemented = 0;
  const checks = exercise.checks.map((check): CheckResult => {
    const failures: CaseFailure[] = [];
    let failed = 0;
    for (const [index, c] of check.cases.entries()) {
      const outcome = outcomes[k++] ?? { ok: false, error: "no answer (the run stopped early)" };
      let verdict = outcome.ok
        ? compare(outcome.value, c.expected, check.comparison, c.args)
        : { pass: false, error: outcome.error };
      if (verdict.pass && outcome.ok && check.inputs === "unchanged") {
        const changed = inputsChanged(c.args, outcome.inputsAfter);
        if (changed !== undefined) verdict = { pass: false, error: changed, amount: Number.NaN };
      }
      if (!outcome.ok && outcome.notImplemented) notImplemented++;
      if (verdict.pass) continue;
      failed++;
      if (failures.length < MAX_FAILURES_SHOWN) {
        failures.push({
          index,
          input: readable(`${c.label ? `${c.label}: ` : ""}${c.fn}(${c.args.map(describe).join(", ")})`),
          code: `${c.fn}(${c.args.map(asCode).join(", ")})`,
          expected: describe(c.expected),
          got: outcome.ok ? describe(outcome.value) : "—",
          error: verdict.error,
        });
      }
    }
    const passed = failed === 0;
    return {
      name: check.name,
      points: check.points,
      earned: passed ? check.points : 0,
      hidden: check.hidden,
      passed,
      total: check.cases.length,
      failed,
      failures,
    };
  });
  const earned = checks.reduce((sum, c) => sum + c.earned, 0);
  const status: ExerciseStatus = checks.every((c) => c.passed)
    ? "passed"
    : notImplemented > 0 && notImplemented === k && earned === 0
      ? "not started"
      : "failing";
  return { id: exercise.id, status, earned, points, hiddenPoints, checks };
}

/**
 * Runs calls against a module in this process — for trusted code (solutions, stubs) and for the
 * browser panels, where the student's code runs in the student's own page. The grader never does this
 * with a submission: it uses the child-process runner.
 */
export function runCalls(module: Record<string, unknown>, calls: readonly RunnableCall[]): Outcome[] {
  return calls.map(({ fn, args, watchInputs }): Outcome => {
    const f = module[fn];
    if (typeof f !== "function") return { ok: false, error: say.notExported(fn) };
    try {
      // structuredClone keeps what JSON loses (NaN, ±Infinity, −0, undefined), so "got NaN" reads as NaN.
      const inputs = structuredClone(args);
      const value = structuredClone(f(...inputs));
      return watchInputs ? { ok: true, value, inputsAfter: structuredClone(inputs) } : { ok: true, value };
    } catch (error) {
      const e = error as Error;
      const notImplemented = e?.name === "NotImplemented";
      return {
        ok: false,
        error: notImplemented
          ? say.NOT_IMPLEMENTED
          : say.threw(`${e?.name ?? "an error"}: ${e?.message ?? String(error)}`),
        notImplemented,
      };
    }
  });
}
