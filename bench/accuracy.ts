/**
 * Accuracy on edge probes: the same (double) inputs go to our library,
 * gl-matrix and three.js, and each result is compared with an exact reference
 * for those inputs (`exact.ts`, double-double arithmetic). Most probes run
 * over many random instances and report the worst error; NaN results are
 * counted, never hidden.
 */

import { Euler, Matrix3, Matrix4, Quaternion, Vector3 } from "three";
import { quat as glQuat } from "gl-matrix";
import {
  type EulerAngles,
  type Mat3,
  type Quat,
  type Vec3,
  decompose,
  euler,
  interpolate,
  kabsch,
  mat3,
  quat,
  vec3,
} from "../lib/index.ts";
import * as exact from "./exact.ts";
import { randomQuat, randomUnitVec, rng } from "./harness.ts";

/** Errors of one peer over the trials of a probe; `null` when the library has no such function. */
type Errors = number[] | null;

export interface AccuracyRow {
  probe: string;
  metric: string;
  ours: Errors;
  glMatrix: Errors;
  three: Errors;
}

const TRIALS = 1000;
const IDENTITY: Quat = [0, 0, 0, 1];

const toThree = (q: Readonly<Quat>) => new Quaternion(q[0], q[1], q[2], q[3]);
const fromThree = (q: Quaternion): Quat => [q.x, q.y, q.z, q.w];
const threeMat4 = (m: Readonly<Mat3>) => new Matrix4().setFromMatrix3(new Matrix3().fromArray(m));
const upper3 = (m: Matrix4): Mat3 => {
  const e = m.elements;
  return [e[0], e[1], e[2], e[4], e[5], e[6], e[8], e[9], e[10]];
};
const maxEntryError = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));
const glOut = (): Quat => [0, 0, 0, 0];

/** A unit vector perpendicular to `u` (random direction in its normal plane). */
function perpendicular(u: Readonly<Vec3>, r: () => number): Vec3 {
  return vec3.normalize(vec3.cross(u, randomUnitVec(r)));
}

/** Runs `f` over `n` trials and collects the errors. */
function trials(n: number, f: (i: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

/** Angle between rotations `angle` apart: ours angleBetween, gl-matrix getAngle, three angleTo. */
function angleProbe(label: string, angle: number, seed: number): AccuracyRow {
  const r = rng(seed);
  const cases = trials(TRIALS, () => 0).map(() => {
    const a = randomQuat(r);
    const b = exact.composeAxisAngle(a, randomUnitVec(r), angle);
    return { a, b, ref: exact.quatAngle(a, b) };
  });
  return {
    probe: label,
    metric: "abs(angle − exact), rad",
    ours: cases.map(({ a, b, ref }) => exact.errorOf(quat.angleBetween(a, b), ref)),
    glMatrix: cases.map(({ a, b, ref }) => exact.errorOf(glQuat.getAngle(a, b), ref)),
    three: cases.map(({ a, b, ref }) => exact.errorOf(toThree(a).angleTo(toThree(b)), ref)),
  };
}

/** The angle between a rotation and itself must be exactly 0. */
function selfAngleProbe(): AccuracyRow {
  const r = rng(7);
  const qs = trials(10 * TRIALS, () => 0).map(() => randomQuat(r));
  return {
    probe: "angle between q and q itself (10 000 random q)",
    metric: "angle returned, rad",
    ours: qs.map((q) => Math.abs(quat.angleBetween(q, q))),
    glMatrix: qs.map((q) => Math.abs(glQuat.getAngle(q, q))),
    three: qs.map((q) => Math.abs(toThree(q).angleTo(toThree(q)))),
  };
}

/** Euler angles near gimbal lock: matrix → angles → matrix, XYZ intrinsic. */
function eulerMatrixProbe(label: string, offLock: number): AccuracyRow {
  const r = rng(11);
  const angles: EulerAngles[] = [[0.3, Math.PI / 2 - offLock, -0.4]];
  for (let i = 1; i < TRIALS; i++)
    angles.push([Math.PI * (2 * r() - 1), Math.PI / 2 - offLock, Math.PI * (2 * r() - 1)]);
  const ms = angles.map((a) => euler.toMat3(a, "XYZ"));
  return {
    probe: label,
    metric: "max abs(entry − original)",
    ours: ms.map((m) => maxEntryError(euler.toMat3(euler.fromMat3(m, "XYZ"), "XYZ"), m)),
    glMatrix: null,
    three: ms.map((m) => {
      const e = new Euler().setFromRotationMatrix(threeMat4(m), "XYZ");
      return maxEntryError(upper3(new Matrix4().makeRotationFromEuler(e)), m);
    }),
  };
}

/** Euler angles near gimbal lock through a quaternion: angles → q → angles → q, XYZ intrinsic. */
function eulerQuatProbe(offLock: number): AccuracyRow {
  const r = rng(13);
  const angles: EulerAngles[] = [[0.3, Math.PI / 2 - offLock, -0.4]];
  for (let i = 1; i < TRIALS; i++)
    angles.push([Math.PI * (2 * r() - 1), Math.PI / 2 - offLock, Math.PI * (2 * r() - 1)]);
  return {
    probe: `Euler XYZ → quat → Euler → quat, ${offLock.toExponential(0)} from lock`,
    metric: "angle to first quat, rad",
    ours: angles.map((a) => {
      const q = euler.toQuat(a, "XYZ");
      return exact.quatAngle(q, euler.toQuat(euler.fromQuat(q, "XYZ"), "XYZ"))[0];
    }),
    glMatrix: null,
    three: angles.map(([x, y, z]) => {
      const q = new Quaternion().setFromEuler(new Euler(x, y, z, "XYZ"));
      const back = new Quaternion().setFromEuler(new Euler().setFromQuaternion(q, "XYZ"));
      return exact.quatAngle(fromThree(q), fromThree(back))[0];
    }),
  };
}

/** The rotation taking unit `u` onto unit `v`; error = angle between (rotated u) and v. */
function twoVectorsProbe(label: string, pair: (r: () => number) => [Vec3, Vec3], seed: number): AccuracyRow {
  const r = rng(seed);
  const pairs = trials(TRIALS, () => 0).map(() => pair(r));
  const err = (q: Readonly<Quat>, u: Vec3, v: Vec3) => exact.vecAngle(exact.rotate(q, u), v);
  return {
    probe: label,
    metric: "angle(q·u, v), rad",
    ours: pairs.map(([u, v]) => err(quat.fromTwoVectors(u, v), u, v)),
    glMatrix: pairs.map(([u, v]) => err(glQuat.rotationTo(glOut(), u, v) as Quat, u, v)),
    three: pairs.map(([u, v]) => {
      const q = new Quaternion().setFromUnitVectors(new Vector3(...u), new Vector3(...v));
      return err(fromThree(q), u, v);
    }),
  };
}

/** `v` within `eps` of `−u`: `−u` turned by `eps` about an axis perpendicular to `u`, then normalized. */
function nearOpposite(eps: number) {
  return (r: () => number): [Vec3, Vec3] => {
    const u = randomUnitVec(r);
    const turn = exact.composeAxisAngle(IDENTITY, perpendicular(u, r), eps);
    const v = exact.rotate(turn, [-u[0], -u[1], -u[2]]).map((t) => t[0]) as Vec3;
    return [u, vec3.normalize(v)];
  };
}

/** Slerp between rotations `angle` apart, t = 0.1 … 0.9: unit-length error and angle error against t·Θ. */
function slerpProbes(angle: number, label: string, seed: number): AccuracyRow[] {
  const r = rng(seed);
  const cases: { a: Quat; b: Quat; t: number; theta: exact.DD }[] = [];
  for (let i = 0; i < TRIALS / 5; i++) {
    const a = randomQuat(r);
    if (a[3] < 0) a.forEach((x, k) => (a[k] = -x)); // any sign works; keep b on a's side
    const b = exact.composeAxisAngle(a, randomUnitVec(r), angle);
    const theta = exact.quatAngle(a, b);
    for (let k = 1; k <= 9; k++) cases.push({ a, b, t: k / 10, theta });
  }
  type Slerp = (a: Quat, b: Quat, t: number) => Quat;
  const ours: Slerp = (a, b, t) => interpolate.slerp(a, b, t);
  const gl: Slerp = (a, b, t) => glQuat.slerp(glOut(), a, b, t) as Quat;
  const three: Slerp = (a, b, t) => fromThree(new Quaternion().slerpQuaternions(toThree(a), toThree(b), t));
  const unit = (f: Slerp) => cases.map(({ a, b, t }) => exact.unitError(f(a, b, t)));
  const onArc = (f: Slerp) =>
    cases.map(({ a, b, t, theta }) => {
      const q = f(a, b, t);
      const fromA = exact.sub(exact.quatAngle(a, q), exact.mul(exact.dd(t), theta));
      const toB = exact.sub(exact.quatAngle(q, b), exact.mul(exact.dd(1 - t), theta));
      return Math.max(Math.abs(fromA[0]), Math.abs(toB[0]));
    });
  return [
    {
      probe: `slerp, ${label} apart, t = 0.1…0.9`,
      metric: "abs(1 − ‖q‖)",
      ours: unit(ours),
      glMatrix: unit(gl),
      three: unit(three),
    },
    {
      probe: `slerp, ${label} apart, t = 0.1…0.9`,
      metric: "angle error vs t·Θ, rad",
      ours: onArc(ours),
      glMatrix: onArc(gl),
      three: onArc(three),
    },
  ];
}

/** Rotation matrix → quaternion for rotations by `angle` about random axes. */
function fromMatrixProbe(label: string, angle: number, seed: number): AccuracyRow {
  const r = rng(seed);
  const cases = trials(TRIALS, () => 0).map(() => {
    const q = exact.composeAxisAngle(IDENTITY, randomUnitVec(r), angle);
    if (angle === Math.PI) q[3] = 0; // cos(π/2) is 6e-17 in double: make it the exact half turn
    return { q, m: exact.quatToMat3(q) };
  });
  return {
    probe: label,
    metric: "angle to true rotation, rad",
    ours: cases.map(({ q, m }) => exact.quatAngle(quat.fromMat3(m), q)[0]),
    glMatrix: cases.map(({ q, m }) => exact.quatAngle(glQuat.fromMat3(glOut(), m) as Quat, q)[0]),
    three: cases.map(
      ({ q, m }) => exact.quatAngle(fromThree(new Quaternion().setFromRotationMatrix(threeMat4(m))), q)[0],
    ),
  };
}

/** `pow(q, t)`: ours quat.pow, gl-matrix quat.pow; three.js has none. */
function powProbe(label: string, angle: number, t: number, seed: number): AccuracyRow {
  const r = rng(seed);
  const qs = trials(angle === 0 ? 1 : TRIALS, () => 0).map(() =>
    angle === 0 ? IDENTITY : exact.composeAxisAngle(IDENTITY, randomUnitVec(r), angle),
  );
  const err = (q: Quat, p: Quat) =>
    exact.errorOf(exact.quatAngle(IDENTITY, p)[0], exact.mul(exact.dd(t), exact.quatAngle(IDENTITY, q)));
  return {
    probe: label,
    metric: "angle error vs t·θ, rad",
    ours: qs.map((q) => err(q, quat.pow(q, t))),
    glMatrix: qs.map((q) => err(q, glQuat.pow(glOut(), q, t) as Quat)),
    three: null,
  };
}

/**
 * Normalizing a quaternion whose squared length underflows (|q| = 1e-170).
 * Error as a rotation: the larger of the angle to the true rotation and
 * `abs(1 − ‖q‖)` (a zero quaternion, which is no rotation at all, scores 1).
 */
function tinyNormalizeProbe(): AccuracyRow {
  const r = rng(17);
  const qs = trials(TRIALS, () => 0).map(() => randomQuat(r).map((x) => x * 1e-170) as Quat);
  const err = (p: Quat, i: number) => {
    const angle = exact.quatAngle(p, qs[i]!)[0];
    return Math.max(Number.isNaN(angle) ? 0 : angle, exact.unitError(p));
  };
  return {
    probe: "normalize q with ‖q‖ = 1e-170",
    metric: "max(angle error, abs(1 − ‖q‖))",
    ours: qs.map((q, i) => err(quat.normalize(q), i)),
    glMatrix: qs.map((q, i) => err(glQuat.normalize(glOut(), q) as Quat, i)),
    three: qs.map((q, i) => err(fromThree(toThree(q).normalize()), i)),
  };
}

/** Every probe, in the order printed. */
export function accuracyRows(): AccuracyRow[] {
  return [
    angleProbe("angle between rotations 1e-9 rad apart", 1e-9, 1),
    angleProbe("angle between rotations 1e-12 rad apart", 1e-12, 2),
    angleProbe("angle between rotations π − 1e-9 apart", Math.PI - 1e-9, 3),
    selfAngleProbe(),
    eulerMatrixProbe("Euler XYZ: matrix → angles → matrix, 1e-7 from lock", 1e-7),
    eulerMatrixProbe("Euler XYZ: matrix → angles → matrix, at lock (π/2)", 0),
    eulerQuatProbe(1e-7),
    twoVectorsProbe("rotation from u to v, v 1e-8 from −u", nearOpposite(1e-8), 21),
    twoVectorsProbe(
      "rotation from u to v, v = −u exactly",
      (r) => {
        const u = randomUnitVec(r);
        return [u, [-u[0], -u[1], -u[2]]];
      },
      22,
    ),
    twoVectorsProbe("rotation from u to v, random unit u, v", (r) => [randomUnitVec(r), randomUnitVec(r)], 23),
    ...slerpProbes(1e-10, "1e-10 rad", 31),
    ...slerpProbes(2e-3, "2e-3 rad", 32),
    ...slerpProbes(0.05, "0.05 rad", 33),
    ...slerpProbes(1.5, "1.5 rad", 34),
    ...slerpProbes(3, "3 rad", 35),
    fromMatrixProbe("matrix → quat, rotation by π − 1e-9", Math.PI - 1e-9, 41),
    fromMatrixProbe("matrix → quat, rotation by π", Math.PI, 42),
    powProbe("pow(identity, 0.5)", 0, 0.5, 51),
    powProbe("pow(q, 1/3), q a 1e-9 rad rotation", 1e-9, 1 / 3, 52),
    tinyNormalizeProbe(),
  ];
}

/** A table cell: the worst error over the trials in scientific notation, NaN results counted. */
export function formatErrors(errors: Errors): string {
  if (errors === null) return "n/a";
  const nan = errors.filter((e) => Number.isNaN(e)).length;
  const finite = errors.filter((e) => !Number.isNaN(e));
  const worst = finite.length ? Math.max(...finite) : Number.NaN;
  const shown = worst === 0 ? "0" : worst.toExponential(1);
  if (nan === 0) return shown;
  if (nan === errors.length) return "NaN";
  return `NaN in ${nan}/${errors.length}, else ${shown}`;
}

// ---------------------------------------------------------------------------------------------
// Decompositions, Kabsch: no JS library in the project's dependencies does these, so each result
// is measured against an exact reference alone (exact.ts: double-double Jacobi, Horn's quaternion).
// ---------------------------------------------------------------------------------------------

/** Errors of our function over the trials of one probe. */
export interface SoloAccuracyRow {
  probe: string;
  metric: string;
  errors: number[];
}

const DECOMPOSE_TRIALS = 400;
type M = Mat3;

const randomMatrix = (r: () => number): M => Array.from({ length: 9 }, () => 2 * r() - 1) as M;
/** `Ra·diag(s)·Rbᵀ` for random rotations, rounded to doubles: a matrix with (nearly) the singular values `s`. */
function withSingularValues(r: () => number, s: readonly number[]): M {
  const a = quat.toMat3(randomQuat(r));
  const b = quat.toMat3(randomQuat(r));
  const out = [0, 0, 0, 0, 0, 0, 0, 0, 0] as M;
  for (let k = 0; k < 3; k++) {
    for (let c = 0; c < 3; c++)
      for (let row = 0; row < 3; row++) out[3 * c + row]! += a[3 * k + row]! * s[k]! * b[3 * k + c]!;
  }
  return out;
}
const maxAbs = (m: readonly number[]) => Math.max(...m.map(Math.abs));

function svdProbes(label: string, make: (r: () => number) => M, seed: number): SoloAccuracyRow[] {
  const r = rng(seed);
  const ms = Array.from({ length: DECOMPOSE_TRIALS }, () => make(r));
  const results = ms.map((m) => ({ m, d: decompose.svd(m), ref: exact.singularValuesDD(m) }));
  return [
    {
      probe: `svd, ${label}`,
      metric: "max |m − U·S·Vᵀ| / max |m|",
      errors: results.map(({ m, d }) => exact.svdResidual(m, d.u, d.s, d.v) / maxAbs(m)),
    },
    {
      probe: `svd, ${label}`,
      metric: "max(|UᵀU − I|, |VᵀV − I|)",
      errors: results.map(({ d }) => Math.max(exact.orthogonalityError(d.u), exact.orthogonalityError(d.v))),
    },
    {
      probe: `svd, ${label}`,
      metric: "max |sᵢ − exact| / s₁",
      errors: results.map(({ d, ref }) => Math.max(...d.s.map((x, i) => exact.errorOf(x, ref[i]!))) / ref[0]![0]),
    },
  ];
}

function polarProbe(label: string, make: (r: () => number) => M, seed: number): SoloAccuracyRow {
  const r = rng(seed);
  const ms = Array.from({ length: DECOMPOSE_TRIALS }, () => make(r));
  return {
    probe: `polarRotation, ${label}`,
    metric: "max |R − exact| (entries)",
    errors: ms.map((m) =>
      exact.maxEntryErrorDD(decompose.polarRotation(m), exact.quatToMat3DD(exact.hornQuaternion(exact.rowsDD(m)))),
    ),
  };
}

function mullerProbe(label: string, make: (r: () => number) => M, seed: number): SoloAccuracyRow {
  const r = rng(seed);
  const ms = Array.from({ length: DECOMPOSE_TRIALS }, () => make(r));
  return {
    probe: `mullerRotation from the identity (tolerance 1e-12), ${label}`,
    metric: "angle to exact, rad",
    errors: ms.map((m) =>
      exact.quatAngleDD(decompose.mullerRotation(m).rotation, exact.hornQuaternion(exact.rowsDD(m))),
    ),
  };
}

/** 20 matched points: `from` in the unit cube (+ offset), `to` = R·from + t + noise. */
function kabschProbes(label: string, offset: number, noise: number, seed: number): SoloAccuracyRow[] {
  const r = rng(seed);
  const cases = Array.from({ length: DECOMPOSE_TRIALS / 4 }, () => {
    const q = randomQuat(r);
    const t: Vec3 = [20 * r() - 10, 20 * r() - 10, 20 * r() - 10];
    const from = Array.from({ length: 20 }, (): Vec3 => [offset + r(), offset + r(), offset + r()]);
    const to = from.map((p) => {
      const y = quat.rotateVec3(q, p);
      return [
        y[0] + t[0] + noise * (2 * r() - 1),
        y[1] + t[1] + noise * (2 * r() - 1),
        y[2] + t[2] + noise * (2 * r() - 1),
      ] as Vec3;
    });
    return { from, to, fit: kabsch.kabsch(from, to), ref: exact.kabschDD(from, to) };
  });
  return [
    {
      probe: `kabsch, ${label}`,
      metric: "angle to exact, rad",
      errors: cases.map(({ fit, ref }) => exact.quatAngleDD(fit.rotation, ref.rotation)),
    },
    {
      probe: `kabsch, ${label}`,
      metric: "max |t − exact| / (1 + |t|)",
      errors: cases.map(({ fit, ref }) => {
        const scale = 1 + Math.hypot(...ref.translation.map((x) => x[0]));
        return Math.max(...fit.translation.map((x, i) => exact.errorOf(x, ref.translation[i]!))) / scale;
      }),
    },
  ];
}

/** Every probe of the decompositions, in the order printed. */
export function decompositionAccuracyRows(): SoloAccuracyRow[] {
  const nearRotation = (r: () => number): M => quat.toMat3(randomQuat(r)).map((x) => x + 1e-6 * (2 * r() - 1)) as M;
  const reflected = (r: () => number): M => {
    const m = randomMatrix(r);
    return mat3.determinant(m) < 0 ? m : (m.map((x, i) => (i % 3 === 0 ? -x : x)) as M); // negate row 0: det < 0
  };
  const positive = (r: () => number): M => {
    const m = randomMatrix(r);
    return mat3.determinant(m) > 0 ? m : (m.map((x, i) => (i % 3 === 0 ? -x : x)) as M);
  };
  return [
    ...svdProbes("random entries in [−1, 1]", randomMatrix, 61),
    ...svdProbes("s = (1, 1e-6, 1e-12)", (r) => withSingularValues(r, [1, 1e-6, 1e-12]), 62),
    ...svdProbes("rank 2: s = (1, 0.5, 0)", (r) => withSingularValues(r, [1, 0.5, 0]), 63),
    ...svdProbes("repeated: s = (1, 1, 0.5)", (r) => withSingularValues(r, [1, 1, 0.5]), 64),
    polarProbe("random, det > 0", positive, 71),
    polarProbe("random, det < 0 (the sign fix)", reflected, 72),
    polarProbe("a rotation + 1e-6 noise", nearRotation, 73),
    polarProbe("det < 0, s = (1, 1e-2, 1e-4)", (r) => withSingularValues(r, [1, 1e-2, -1e-4]), 74),
    mullerProbe("R·S, s = (1.2, 1, 0.8)", (r) => withSingularValues(r, [1.2, 1, 0.8]), 81),
    mullerProbe("a rotation + 1e-6 noise", nearRotation, 82),
    ...kabschProbes("20 points, noise 1e-3", 0, 1e-3, 91),
    ...kabschProbes("20 points, no noise", 0, 0, 92),
    ...kabschProbes("20 points 1e4 from the origin, no noise", 1e4, 0, 93),
  ];
}

/** Worst and median of a probe's errors. */
export function worstAndMedian(errors: readonly number[]): [string, string] {
  const s = [...errors].sort((a, b) => a - b);
  const f = (x: number) => (Number.isNaN(x) ? "NaN" : x === 0 ? "0" : x.toExponential(1));
  return [f(s[s.length - 1]!), f(s[s.length >> 1]!)];
}
