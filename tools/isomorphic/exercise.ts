/**
 * What an exercise is: the shape of `tests/exercises/<chapter>/<nn-name>.ts`, the file that defines one
 * exercise beside its stub (`exercises/…`) and its reference (`solutions/…`). Runs in Node and in the
 * browser (the "your turn" panels read the same types), so it imports nothing but types from `lib/`.
 *
 * A definition holds what cannot be derived: the title, the progressive hints, the library modules the
 * student may use, and the checks. Its id, number and file come from its path; its order from the
 * tree; the time limit from {@link EXERCISE_DEFAULTS} unless it says otherwise.
 *
 * A check is a named group of cases worth some points; it earns them when every case passes (partial
 * credit per check, not per case). A case calls one export of the exercise module with JSON arguments.
 * The expected value comes from the reference solution on the trusted side (or, in the student edition,
 * from the definition itself, where the release wrote it), and the comparison is the check's own.
 */

import type { EulerFrame, EulerOrder } from "../../lib/euler.ts";

type Library = typeof import("../../lib/index.ts");
/** A module of the course library, by its namespace name in `lib/index.ts`. */
export type LibraryModule = keyof Library;
/**
 * What an exercise may import from the library: a whole module (`"vec3"`) or one function of it
 * (`"vec3.dot"`), for when a module also holds the exercise's answer (`vec3.projectOnPlane` is the
 * perpendicular part of Rodrigues' construction).
 */
export type LibraryUse = LibraryModule | { [M in LibraryModule]: `${M}.${keyof Library[M] & string}` }[LibraryModule];

/**
 * How a result is compared with the expected one. Every tolerance is named, positive and printed in a
 * failure; numbers use `|a − b| ≤ atol + rtol·|b|`.
 */
export type Comparison =
  /**
   * Numbers or arrays of numbers, entry by entry. A failure names the entry: by row and column for 9 or
   * 16 numbers (a column-major Mat3/Mat4), or, with `layout: "points"`, as "point k, y" for points
   * flattened `[x₀, y₀, z₀, x₁, …]` (a chain, a rope).
   */
  | { kind: "numbers"; atol: number; rtol: number; layout?: "points" }
  /**
   * Two rotation matrices (column-major Mat3): `got` must be orthonormal with det +1 — ‖RᵀR − I‖ within
   * `orthonormality` (default: `toleranceRad`) — and then within `toleranceRad` of the expected rotation.
   * The two differ where a problem's conditioning limits the angle but not the orthonormality (a polar
   * factor of an ill-conditioned matrix is orthonormal to ~1e-16 and its angle good to ~1e-13).
   */
  | { kind: "rotationMatrix"; toleranceRad?: number; orthonormality?: number }
  /**
   * Two quaternions as rotations: unit length, then the angle between them (`q ≡ −q`). With
   * `sign: "pinned"` the exercise asks for one of the two signs (the expected one), and the other fails
   * with "same rotation, other sign".
   */
  | { kind: "rotationQuat"; toleranceRad?: number; sign?: "pinned" }
  /** Euler angles, compared through their matrices (several triples give the same rotation). */
  | { kind: "eulerAngles"; order: EulerOrder; frame?: EulerFrame; toleranceRad?: number }
  /** An `{axis, angle}` pair: a unit axis, an angle in [0, π], and the same rotation as expected. */
  | { kind: "axisAngle"; toleranceRad?: number }
  /**
   * A property, not one answer: `got` is a unit quaternion that turns the case's first argument `u` onto
   * the direction of its second `v` (any of the many such rotations earns the points). With
   * `shortest: true` it must also turn by no more than the angle between `u` and `v` (at `v = −u`, any
   * half turn about an axis ⟂ `u` is shortest).
   */
  | { kind: "rotatesOnto"; toleranceRad?: number; shortest?: boolean }
  /**
   * A unit 3-vector along the expected line: a fitted line's direction, a plane's normal, an eigenvector,
   * where `d` and `−d` are the same answer (the angle between the lines is compared).
   */
  | { kind: "line"; toleranceRad?: number }
  /**
   * An ellipsoid `{center, rotation, radii}` compared as a surface, not as its parts: a spheroid spun
   * about its own axis, or with its radii listed in another order under another rotation, is the same
   * answer. `got` needs a finite centre, a unit quaternion and positive radii; then the centres (relative
   * to the largest radius) and the quadric matrices `R·diag(1/r²)·Rᵀ` (relative to their largest entry)
   * must agree to `rtol`. With `radii: "ordered"` the radii must also come in the expected order (each
   * to `rtol` of the largest): an exercise that fixes which local axis is the long one says so.
   */
  | { kind: "ellipsoid"; rtol: number; radii?: "ordered" }
  /** Booleans or strings, exactly. */
  | { kind: "exact" };

/** JSON values plus the numbers JSON cannot hold (NaN, ±Infinity, −0 travel tagged). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

type AnyFunction = (...args: never[]) => unknown;
/** The names of the functions a module exports. */
export type FunctionName<M> = { [K in keyof M & string]: M[K] extends AnyFunction ? K : never }[keyof M & string];
/** One call of an export of module `M`, typed by its signature: `{fn: "slerp", args: [a, b, t]}`. */
export type Call<M> = {
  [K in FunctionName<M>]: {
    fn: K;
    args: M[K] extends (...args: infer A) => unknown ? A : never;
    /** A short description shown in feedback, e.g. "axis (0, 1, 0), θ = 90°". */
    label?: string;
  };
}[FunctionName<M>];

/**
 * What a check's cases are drawn from: random streams of the check's own, named by the grader's salt,
 * the exercise and the check — so a case's identity does not move when another check is added, and the
 * salt has one way in ({@link concreteExercise} in judge.ts, from `loadExercise(file, salt)`).
 */
export interface CaseContext {
  /** The grader's salt: 0 for the cases the student edition ships (and `npm run check` runs). */
  readonly salt: number;
  /** The exercise's id ("05-interpolating-rotations/03-slerp"). */
  readonly exercise: string;
  /** The check's name. */
  readonly check: string;
  /** The check's random stream: doubles in [0, 1) with all 53 bits, as real data has them. */
  readonly rng: () => number;
  /** Another stream of this check, named `label` (a definition's numbered streams: `caseRng(seed)`). */
  stream(label: number | string): () => number;
}

/** A named group of cases with points, as an author writes it. */
export interface CheckDefinition<M> {
  name: string;
  points: number;
  /** Hidden checks are graded but never shipped in the student edition. Default: visible. */
  hidden?: boolean;
  comparison: Comparison;
  /**
   * `"unchanged"`: the stub promises not to change its arguments (it returns a new result). Every case
   * of the check then also fails when the call left an argument different from what it was given.
   */
  inputs?: "unchanged";
  /**
   * The cases: hand-picked edges plus cases drawn from `ctx` — the same on every run for one salt, and
   * others for the grader's salt (a table of the student edition's answers earns nothing).
   */
  cases: (ctx: CaseContext) => Call<M>[];
}

/** An exercise as its definition file writes it; `M` is the type of the reference solution module. */
export interface ExerciseDefinition<M> {
  title: string;
  /** The library modules (or functions) the student's file may import; type-only imports are always fine. */
  uses: readonly LibraryUse[];
  /** Progressive hints, revealed one at a time by `npm run hint`. */
  hints: readonly string[];
  /** Wall-clock limit for all of this exercise's cases, ms. Default {@link EXERCISE_DEFAULTS}. */
  timeLimitMs?: number;
  checks: CheckDefinition<M>[];
}

/**
 * A definition of any module, as the tools handle them. `any` on purpose: the cases' types were checked
 * against the module's own signature where the definition was written.
 */
export type AnyDefinition = ExerciseDefinition<Record<string, (...args: any[]) => unknown>>;

/** A case with its expected answer: what the student edition ships and every runner judges. */
export interface ConcreteCase {
  fn: string;
  args: Json[];
  label?: string;
  expected: Json;
}

export interface ConcreteCheck {
  name: string;
  points: number;
  hidden: boolean;
  comparison: Comparison;
  /** See {@link CheckDefinition.inputs}. */
  inputs?: "unchanged";
  cases: ConcreteCase[];
}

/** Where an exercise sits in the course, all derived from its path. */
export interface ExercisePlace {
  /** The path without `.ts`, unique: "05-interpolating-rotations/03-slerp". */
  id: string;
  /** Chapter and position: "05.3". */
  number: string;
  /** The file name without its number: "slerp" (not always unique across chapters). */
  name: string;
  /** The chapter folder: "05-interpolating-rotations". */
  chapter: string;
  /** Relative to `exercises/` and `solutions/`: "05-interpolating-rotations/03-slerp.ts". */
  file: string;
}

/** An exercise with concrete checks: what the checker, the grader and the panels need. */
export interface ConcreteExercise extends ExercisePlace {
  title: string;
  uses: readonly LibraryUse[];
  hints: readonly string[];
  timeLimitMs: number;
  /** The checks present here: all of them in the full course, the visible ones in the student edition. */
  checks: ConcreteCheck[];
  /** Points in hidden checks, counted even where those checks are absent (the student edition, the panels). */
  hiddenPoints: number;
}

/** An exercise as the student edition's definition file holds it: concrete, visible checks only. */
export type ReleasedDefinition = Omit<ConcreteExercise, keyof ExercisePlace>;

/** The defaults every exercise shares, written once. */
export const EXERCISE_DEFAULTS = { timeLimitMs: 5000 } as const;

/** Where a test runner (tools/author/vitest-checks.ts) listens for definitions, to turn them into tests. */
export const DEFINITION_HOOK = Symbol.for("rotations-course.exercise-definition");
type Hook = (definition: AnyDefinition | ReleasedDefinition) => void;

/**
 * Declares an exercise (the default export of its definition file). Under Vitest's "checks" project
 * each check becomes a test; anywhere else this only returns the definition.
 * @example export default defineExercise<typeof solution>({ title: "Slerp", uses: ["vec3"], hints: [], checks: [] });
 */
export function defineExercise<M>(definition: ExerciseDefinition<M>): ExerciseDefinition<M> {
  (globalThis as { [DEFINITION_HOOK]?: Hook })[DEFINITION_HOOK]?.(definition as unknown as AnyDefinition);
  return definition;
}

const CASE_CONTEXT = Symbol.for("rotations-course.case-context");
type WithCaseContext = { [CASE_CONTEXT]?: CaseContext };

/**
 * Makes a check's cases with `ctx` as the current case context, for helpers that draw from it without
 * being handed it (tests/exercises/cases.ts `caseRng`).
 */
export function withCaseContext<T>(ctx: CaseContext, make: () => T): T {
  const g = globalThis as WithCaseContext;
  const before = g[CASE_CONTEXT];
  g[CASE_CONTEXT] = ctx;
  try {
    return make();
  } finally {
    g[CASE_CONTEXT] = before;
  }
}

/**
 * The context of the check whose cases are being made. Throws outside one: a salted draw at a
 * definition's top level would be the same for every check and invisible to the case's identity.
 */
export function currentCaseContext(): CaseContext {
  const ctx = (globalThis as WithCaseContext)[CASE_CONTEXT];
  if (!ctx) throw new Error("a check's cases are drawn inside its cases(ctx), not at a definition's top level");
  return ctx;
}

/** Declares a released exercise (the student edition's definition files, written by `npm run release`). */
export function defineReleasedExercise(definition: ReleasedDefinition): ReleasedDefinition {
  (globalThis as { [DEFINITION_HOOK]?: Hook })[DEFINITION_HOOK]?.(definition);
  return definition;
}

/** Whether a definition is the student edition's (concrete cases) rather than the author's (generators). */
export const isReleased = (d: AnyDefinition | ReleasedDefinition): d is ReleasedDefinition =>
  d.checks.every((c) => Array.isArray(c.cases));

/** Total points of an exercise. */
export function pointsOf(checks: readonly { points: number }[]): number {
  return checks.reduce((sum, c) => sum + c.points, 0);
}

/** All the points of an exercise, hidden checks included even where they are absent. */
export function totalPoints(exercise: Pick<ConcreteExercise, "checks" | "hiddenPoints">): number {
  return pointsOf(exercise.checks.filter((c) => !c.hidden)) + exercise.hiddenPoints;
}

/**
 * Points as a student reads them, the same on the home page, in `npm run check` and in the panels:
 * "6 of 9 points (3 in hidden checks)" — the hidden checks are graded by the instructor.
 * @example pointsSummary(6, 9, 3) // "6 of 9 points (3 in hidden checks)"
 */
export function pointsSummary(earned: number, total: number, hidden: number): string {
  return `${earned} of ${total} points${hidden ? ` (${hidden} in hidden checks)` : ""}`;
}

/** An exercise's place in the course from its file path relative to the tree ("05-…/03-slerp.ts"). */
export function placeOf(file: string): ExercisePlace {
  const m = /^((\d\d)-[^/]+)\/((\d\d)-([^/]+))\.ts$/.exec(file);
  if (!m) throw new RangeError(`placeOf: "${file}" is not <nn-chapter>/<nn-name>.ts`);
  return { id: `${m[1]}/${m[3]}`, number: `${m[2]}.${Number(m[4])}`, name: m[5]!, chapter: m[1]!, file };
}
