/**
 * Judging one answer: each comparison of tools/isomorphic/exercise.ts, returning whether it passes and
 * an error a student can act on — the angle in degrees for rotations, the entry by row and column for
 * matrices, and always the tolerance it was held to. Runs in the checker and the grader (Node, on the
 * trusted side) and in the notebooks' "your turn" panels (the browser), so it imports only `lib/`.
 */

import { type Mat3, type Quat, type Vec3, euler, mat3, quat, scalar, vec3 } from "../../lib/index.ts";
import type { Comparison, Json } from "./exercise.ts";

/** The verdict on one case. */
export interface Verdict {
  pass: boolean;
  /** Why it fails, in human units with the tolerance, e.g. "off by 2.31° (tolerance 5.73e-8°)"; "" on a pass. */
  error: string;
  /** The error as a number in the comparison's unit (degrees for rotations), for tables and plots. */
  amount: number;
}

/** Default angle tolerance of rotation comparisons: 1e-9 rad ≈ 5.7e-8°. */
export const ROTATION_TOLERANCE_RAD = 1e-9;
/** How far from 1 the length of a "unit" quaternion or axis may be. */
export const UNIT_LENGTH_TOLERANCE = 1e-9;

const isNumberArray = (x: unknown, length?: number): x is number[] =>
  Array.isArray(x) && (length === undefined || x.length === length) && x.every((v) => typeof v === "number");

/** A short human description of a value, for messages: NaN, ±Infinity and undefined read as such. */
export function describe(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(Number(value.toPrecision(6))) : String(value);
  if (Array.isArray(value)) return `[${value.map(describe).join(", ")}]`;
  if (value === undefined) return "undefined";
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${describe(v)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/**
 * A value as TypeScript source that rebuilds it exactly — every number with the shortest digits that
 * round-trip (`String(x)`), and −0, NaN and ±Infinity spelled out — so a failing case can be pasted into
 * a file or a REPL and run as the checker ran it.
 * @example asCode([0.1, -0, NaN]) // "[0.1, -0, NaN]"
 */
export function asCode(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (Array.isArray(value)) return `[${value.map(asCode).join(", ")}]`;
  if (value === undefined) return "undefined";
  if (value !== null && typeof value === "object") {
    const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${key(k)}: ${asCode(v)}`)
      .join(", ")} }`;
  }
  return JSON.stringify(value) ?? String(value);
}

/**
 * Whether two values hold the same data: numbers equal (NaN equal to NaN; −0 equal to 0, which no
 * runner can tell apart once a value has travelled as JSON), arrays and plain objects entry by entry.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every(
        (k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return Object.is(a, b);
}

/**
 * Why a call broke the promise to leave its arguments alone — which argument it changed, from what to
 * what — or undefined if it kept it. `after` is the arguments as the call left them (undefined when
 * the runner could not read them back: the call made them into something that is not data).
 * @example inputsChanged([[1, 2, 3]], [[2, 4, 6]]) // "changed argument 1: it was [1, 2, 3] and the call left it [2, 4, 6] — the exercise promises to leave its inputs unchanged (return a new value instead)"
 */
export function inputsChanged(before: readonly Json[], after: readonly unknown[] | undefined): string | undefined {
  const promise = "the exercise promises to leave its inputs unchanged (return a new value instead)";
  if (after === undefined || after.length !== before.length) {
    return `its arguments could not be read back after the call — ${promise}`;
  }
  const i = before.findIndex((arg, k) => !sameData(arg, after[k]));
  if (i < 0) return undefined;
  return `changed argument ${i + 1}: it was ${asCode(before[i])} and the call left it ${asCode(after[i])} — ${promise}`;
}

/** A number for a message: 3 significant digits, exponent form when small. */
const short = (x: number): string =>
  x !== 0 && Math.abs(x) < 1e-3 ? x.toExponential(2) : String(Number(x.toPrecision(3)));
const degrees = (rad: number): string => `${short(scalar.radToDeg(rad))}°`;

const fail = (error: string, amount = Number.NaN): Verdict => ({ pass: false, error, amount });
const PASS: Verdict = { pass: true, error: "", amount: 0 };

/** `angleRad` against the tolerance, both shown in degrees. */
function rotationVerdict(angleRad: number, toleranceRad: number): Verdict {
  const deg = scalar.radToDeg(angleRad);
  if (angleRad <= toleranceRad) return { pass: true, error: "", amount: deg };
  return fail(`off by ${degrees(angleRad)} (tolerance ${degrees(toleranceRad)})`, deg);
}

/**
 * Where entry `i` of a flat array sits: "point 2, y" of flattened points, "row 2, column 3" of a
 * column-major Mat3 or Mat4, else "[i]".
 */
function entryName(i: number, length: number, layout?: "points"): string {
  if (layout === "points") return `point ${Math.floor(i / 3)}, ${"xyz"[i % 3]}`;
  const n = length === 9 ? 3 : length === 16 ? 4 : 0;
  return n ? `row ${(i % n) + 1}, column ${Math.floor(i / n) + 1}` : length > 1 ? `[${i}]` : "";
}

/** Why `m` is not a rotation matrix to within `toleranceRad` (orthonormal columns, det +1), or undefined. */
function notARotation(m: unknown, tolerance: number): string | undefined {
  if (!isNumberArray(m, 9)) return `expected 9 numbers (a Mat3), got ${describe(m)}`;
  if (!m.every(Number.isFinite)) return `the matrix has non-finite entries: ${describe(m)}`;
  const err = mat3.orthonormalityError(m as Mat3);
  if (err > tolerance) return `not a rotation: ‖RᵀR − I‖ = ${short(err)} (tolerance ${short(tolerance)})`;
  if (mat3.determinant(m as Mat3) < 0) return "not a rotation: determinant −1 (a reflection)";
  return undefined;
}

/** Why `q` is not a unit quaternion, or undefined. */
function notUnitQuat(q: unknown): string | undefined {
  if (!isNumberArray(q, 4) || !q.every(Number.isFinite))
    return `expected 4 finite numbers [x, y, z, w], got ${describe(q)}`;
  const len = quat.length(q as Quat);
  if (Math.abs(len - 1) > UNIT_LENGTH_TOLERANCE)
    return `not unit length: |q| = ${len.toPrecision(12)} (tolerance ${short(UNIT_LENGTH_TOLERANCE)})`;
  return undefined;
}

/** An ellipsoid as the `ellipsoid` comparison reads it (lib/ellipsoid.ts's `Ellipsoid`). */
interface EllipsoidValue {
  center: Vec3;
  rotation: Quat;
  radii: Vec3;
}

/** Why `e` is not an ellipsoid (finite centre, unit quaternion, positive finite radii), or undefined. */
function notEllipsoid(e: unknown): string | undefined {
  if (e === null || typeof e !== "object") return `expected {center, rotation, radii}, got ${describe(e)}`;
  const { center, rotation, radii } = e as Partial<EllipsoidValue>;
  if (!isNumberArray(center, 3) || !center.every(Number.isFinite))
    return `center: expected 3 finite numbers, got ${describe(center)}`;
  const q = notUnitQuat(rotation);
  if (q) return `rotation: ${q}`;
  if (!isNumberArray(radii, 3) || !radii.every((r) => r > 0 && r < Infinity))
    return `radii: expected 3 positive finite numbers, got ${describe(radii)}`;
  return undefined;
}

/** The ellipsoid's quadric matrix `R·diag(1/r²)·Rᵀ`: the surface is `(p − c)ᵀ M (p − c) = 1`. */
function quadric(e: EllipsoidValue): Mat3 {
  const r = quat.toMat3(e.rotation);
  const s = e.radii.map((x) => 1 / (x * x));
  const scaled = r.map((x, i) => x * s[Math.floor(i / 3)]!) as Mat3; // R·diag(s): column j times s_j
  return mat3.multiply(scaled, mat3.transpose(r));
}

/**
 * Compares `got` with `expected` as `comparison` says; `args` are the case's arguments (property
 * comparisons read them). Never throws: odd values fail with a reason.
 */
export function compare(got: unknown, expected: Json, comparison: Comparison, args: readonly Json[] = []): Verdict {
  try {
    switch (comparison.kind) {
      case "exact": {
        const pass = JSON.stringify(got) === JSON.stringify(expected) && got !== undefined;
        return pass ? PASS : fail(`expected exactly ${describe(expected)}`, 1);
      }
      case "numbers": {
        const { atol, rtol } = comparison;
        const g = typeof got === "number" ? [got] : got;
        const e = typeof expected === "number" ? [expected] : (expected as number[]);
        if (!isNumberArray(g, e.length))
          return fail(`expected ${e.length === 1 ? "a number" : `${e.length} numbers`}, got ${describe(got)}`);
        let worst = -1;
        let at = -1;
        for (let i = 0; i < e.length; i++) {
          const d = Math.abs(g[i]! - e[i]!);
          // NaN counts as the worst difference, and once found stays the one reported.
          if (!scalar.approxEqual(g[i]!, e[i]!, { atol, rtol }) && !Number.isNaN(worst) && !(d <= worst))
            [worst, at] = [d, i];
        }
        if (at < 0) return PASS;
        const where = entryName(at, e.length, comparison.layout);
        return fail(
          `${where ? `${where}: ` : ""}expected ${describe(e[at])}, got ${describe(g[at])} — off by ${describe(worst)} (tolerance ${short(atol)} + ${short(rtol)}·|expected|)`,
          worst,
        );
      }
      case "rotationMatrix": {
        const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
        const problem = notARotation(got, comparison.orthonormality ?? tol);
        if (problem) return fail(problem);
        return rotationVerdict(quat.angleBetween(quat.fromMat3(got as Mat3), quat.fromMat3(expected as Mat3)), tol);
      }
      case "rotationQuat": {
        const problem = notUnitQuat(got);
        if (problem) return fail(problem);
        const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
        const verdict = rotationVerdict(quat.angleBetween(got as Quat, expected as Quat), tol);
        if (verdict.pass && comparison.sign === "pinned" && quat.dot(got as Quat, expected as Quat) < 0)
          return fail("same rotation, other sign: this exercise asks for one sign of q (see its task)", 0);
        return verdict;
      }
      case "eulerAngles": {
        if (!isNumberArray(got, 3) || !got.every(Number.isFinite))
          return fail(`expected 3 finite angles, got ${describe(got)}`);
        const { order, frame = "intrinsic" } = comparison;
        const a = quat.fromMat3(euler.toMat3(got as euler.EulerAngles, order, frame));
        const b = quat.fromMat3(euler.toMat3(expected as euler.EulerAngles, order, frame));
        return rotationVerdict(quat.angleBetween(a, b), comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD);
      }
      case "axisAngle": {
        const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
        const g = got as { axis?: unknown; angle?: unknown } | null;
        if (!g || !isNumberArray(g.axis, 3) || !g.axis.every(Number.isFinite) || typeof g.angle !== "number")
          return fail(`expected {axis: [x, y, z], angle}, got ${describe(got)}`);
        const len = vec3.length(g.axis as Vec3);
        if (Math.abs(len - 1) > UNIT_LENGTH_TOLERANCE)
          return fail(
            `the axis is not unit length: |axis| = ${len.toPrecision(12)} (tolerance ${short(UNIT_LENGTH_TOLERANCE)})`,
          );
        if (!(g.angle >= -tol && g.angle <= Math.PI + tol)) {
          const where =
            g.angle > Math.PI
              ? `π + ${short(g.angle - Math.PI)}`
              : g.angle < 0
                ? `0 − ${short(-g.angle)}`
                : describe(g.angle);
          return fail(
            `the angle must lie in [0, π]; got ${where} rad (${degrees(g.angle)}; tolerance ${short(tol)} rad)`,
          );
        }
        const e = expected as { axis: Vec3; angle: number };
        return rotationVerdict(
          quat.angleBetween(quat.fromAxisAngle(g.axis as Vec3, g.angle), quat.fromAxisAngle(e.axis, e.angle)),
          tol,
        );
      }
      case "line": {
        const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
        if (!isNumberArray(got, 3) || !got.every(Number.isFinite))
          return fail(`expected 3 finite numbers, got ${describe(got)}`);
        const len = vec3.length(got as Vec3);
        if (Math.abs(len - 1) > UNIT_LENGTH_TOLERANCE)
          return fail(`not unit length: |d| = ${len.toPrecision(12)} (tolerance ${short(UNIT_LENGTH_TOLERANCE)})`);
        const e = expected as Vec3;
        // d and −d name the same line: the smaller of the two angles, accurate near 0 (atan2, not acos).
        const angle = Math.atan2(vec3.length(vec3.cross(got as Vec3, e)), Math.abs(vec3.dot(got as Vec3, e)));
        return rotationVerdict(angle, tol);
      }
      case "ellipsoid": {
        const problem = notEllipsoid(got);
        if (problem) return fail(problem);
        const g = got as EllipsoidValue;
        const e = expected as unknown as EllipsoidValue;
        const size = Math.max(...e.radii);
        const centre = vec3.distance(g.center, e.center) / size;
        const qg = quadric(g);
        const qe = quadric(e);
        const largest = Math.max(...qe.map(Math.abs));
        const shape = Math.max(...qg.map((x, i) => Math.abs(x - qe[i]!))) / largest;
        const { rtol } = comparison;
        if (centre > rtol)
          return fail(`centre off by ${short(centre)} of the largest radius (tolerance ${short(rtol)})`, centre);
        const order =
          comparison.radii === "ordered" ? Math.max(...g.radii.map((r, i) => Math.abs(r - e.radii[i]!))) / size : 0;
        if (order > rtol)
          return fail(
            `radii ${describe(g.radii)} are not in the order asked for, ${describe(e.radii)} (tolerance ${short(rtol)} of the largest)`,
            order,
          );
        if (shape > rtol)
          return fail(
            `not the same surface: R·diag(1/r²)·Rᵀ off by ${short(shape)} of its largest entry (tolerance ${short(rtol)})`,
            shape,
          );
        return { pass: true, error: "", amount: Math.max(centre, shape) };
      }
      case "rotatesOnto": {
        const problem = notUnitQuat(got);
        if (problem) return fail(problem);
        const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
        const [u, v] = args as [Vec3, Vec3];
        const q = got as Quat;
        const onto = rotationVerdict(vec3.angleBetween(quat.rotateVec3(q, u), v), tol);
        if (!onto.pass || !comparison.shortest) return onto;
        // The shortest rotation from u to v turns by exactly the angle between them; any other turns by more.
        const turn = 2 * Math.atan2(Math.hypot(q[0], q[1], q[2]), Math.abs(q[3]));
        const excess = turn - vec3.angleBetween(u, v);
        return excess <= tol
          ? onto
          : fail(
              `turns u onto v, but not the shortest way: it turns ${degrees(turn)}, ${degrees(excess)} more than the ${degrees(turn - excess)} between them (tolerance ${degrees(tol)})`,
              scalar.radToDeg(excess),
            );
      }
    }
  } catch (error) {
    return fail(`could not be compared: ${(error as Error).message}`);
  }
}

/**
 * Why a comparison's tolerance is unfair, or undefined: every tolerance is named and positive (a zero
 * tolerance fails a correct answer that rounds differently, e.g. slerp(q, q, t) off by 8e-16°).
 */
export function toleranceProblem(comparison: Comparison): string | undefined {
  if (comparison.kind === "exact") return undefined;
  if (comparison.kind === "numbers")
    return comparison.atol > 0 || comparison.rtol > 0 ? undefined : "a numbers comparison with atol = rtol = 0";
  if (comparison.kind === "ellipsoid")
    return comparison.rtol > 0 ? undefined : `an ellipsoid comparison with rtol = ${comparison.rtol}`;
  const tol = comparison.toleranceRad ?? ROTATION_TOLERANCE_RAD;
  if (
    comparison.kind === "rotationMatrix" &&
    comparison.orthonormality !== undefined &&
    !(comparison.orthonormality > 0)
  )
    return `a rotationMatrix comparison with orthonormality = ${comparison.orthonormality}`;
  return tol > 0 ? undefined : `a ${comparison.kind} comparison with toleranceRad = ${tol}`;
}
