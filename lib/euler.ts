/**
 * Euler angles: a rotation as three angles about coordinate axes.
 *
 * `order` is a three-letter string over X, Y, Z naming the axes in turn; all
 * 12 orders are supported — 6 Tait–Bryan (three different axes: `XYZ XZY YXZ
 * YZX ZXY ZYX`) and 6 proper Euler (first axis repeated: `XYX XZX YXY YZY ZXZ
 * ZYZ`). `angles[i]` is the angle, in radians, about axis `order[i]`.
 *
 * Two readings of the same three letters:
 *   - **intrinsic** (the default; the axes move with the body): rotate about
 *     `order[0]`, then about the *new* `order[1]`, then the newest `order[2]`:
 *     `R = R_order[0](a0) · R_order[1](a1) · R_order[2](a2)`;
 *   - **extrinsic** (fixed world axes): rotate about `order[0]`, then about the
 *     world's `order[1]`, then the world's `order[2]`:
 *     `R = R_order[2](a2) · R_order[1](a1) · R_order[0](a0)`.
 * So intrinsic `ABC` with angles `(a, b, c)` is extrinsic `CBA` with `(c, b, a)`.
 * The lecture's `(θx, θy, θz) = Rz·Ry·Rx` is extrinsic `XYZ` — intrinsic `ZYX`
 * with the angles listed in reverse. three.js's `Euler` is intrinsic.
 *
 * Gimbal lock: when the middle angle makes the first and last axes line up
 * (±90° for Tait–Bryan, 0° or 180° for proper Euler), only the sum or the
 * difference of the outer angles matters and one degree of freedom is lost.
 *
 * @module euler
 */

import * as mat3 from "./mat3.ts";
import type { Mat3 } from "./mat3.ts";
import * as quat from "./quat.ts";
import type { Quat } from "./quat.ts";
import type { Vec3 } from "./vec3.ts";

/** The six Tait–Bryan orders (three different axes). */
export const TAIT_BRYAN_ORDERS = ["XYZ", "XZY", "YXZ", "YZX", "ZXY", "ZYX"] as const;
/** The six proper Euler orders (first and last axis the same). */
export const PROPER_EULER_ORDERS = ["XYX", "XZX", "YXY", "YZY", "ZXZ", "ZYZ"] as const;
/** All 12 orders, Tait–Bryan first. */
export const ORDERS = [...TAIT_BRYAN_ORDERS, ...PROPER_EULER_ORDERS] as const;

/** One of the 12 axis orders. */
export type EulerOrder = (typeof ORDERS)[number];
/** Whether the axes move with the body (`"intrinsic"`) or stay fixed (`"extrinsic"`). */
export type EulerFrame = "intrinsic" | "extrinsic";
/** Three angles in radians; `angles[i]` turns about axis `order[i]`. */
export type EulerAngles = [number, number, number];

const UNIT_AXES: readonly Vec3[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const AXIS_ROTATIONS = [mat3.rotationX, mat3.rotationY, mat3.rotationZ] as const;

/**
 * Below this, `cos` of the middle angle (Tait–Bryan) or its `sin` (proper
 * Euler) is treated as exactly zero: 2⁻⁵⁰ ≈ 8.9e-16 is the rounding noise of
 * an entry of a unit-size matrix. It throws no information away: the third
 * angle is always computed *from* the first, so any first angle rebuilds the
 * matrix; at lock the first is simply set to 0.
 */
const LOCK_NOISE = 2 ** -50;

function axes(order: EulerOrder): [number, number, number] {
  return [axisAt(order, 0), axisAt(order, 1), axisAt(order, 2)];
}

/** Throws a RangeError naming `where` unless all three angles are finite. */
function assertFiniteAngles(angles: Readonly<EulerAngles>, where: string): void {
  if (!(Number.isFinite(angles[0]) && Number.isFinite(angles[1]) && Number.isFinite(angles[2]))) {
    throw new RangeError(`${where}: angles must be finite, got [${angles.join(", ")}]`);
  }
}

function assertOrder(order: string, where: string): asserts order is EulerOrder {
  if (!(ORDERS as readonly string[]).includes(order)) {
    throw new RangeError(`${where}: order must be one of ${ORDERS.join(" ")}, got ${JSON.stringify(order)}`);
  }
}

/** The reversed order: intrinsic `ABC` is extrinsic `CBA`. */
function reverseOrder(order: EulerOrder): EulerOrder {
  return (order[2]! + order[1]! + order[0]!) as EulerOrder;
}

/**
 * Whether `order` repeats its first axis (proper Euler) rather than using
 * three different axes (Tait–Bryan).
 * @example isProperEuler("ZXZ") === true
 */
export function isProperEuler(order: EulerOrder): boolean {
  return order[0] === order[2];
}

/**
 * The rotation matrix of Euler angles.
 * @param angles - `[a0, a1, a2]` in radians, `a_i` about axis `order[i]`.
 * @param order - One of the 12 orders.
 * @param frame - `"intrinsic"` (default): `R = R0(a0)·R1(a1)·R2(a2)`;
 *   `"extrinsic"`: `R = R2(a2)·R1(a1)·R0(a0)`.
 * @throws RangeError for an unknown order or an angle that is NaN or infinite.
 * @example toMat3([0.3, 0, 0], "XYZ") // ≈ mat3.rotationX(0.3)
 */
export function toMat3(angles: Readonly<EulerAngles>, order: EulerOrder, frame: EulerFrame = "intrinsic"): Mat3 {
  assertOrder(order, "euler.toMat3");
  assertFiniteAngles(angles, "euler.toMat3");
  const [i, j, k] = axes(order);
  const r0 = AXIS_ROTATIONS[i]!(angles[0]);
  const r1 = AXIS_ROTATIONS[j]!(angles[1]);
  const r2 = AXIS_ROTATIONS[k]!(angles[2]);
  return frame === "intrinsic" ? mat3.multiply(r0, mat3.multiply(r1, r2)) : mat3.multiply(r2, mat3.multiply(r1, r0));
}

/**
 * The unit quaternion of Euler angles (same conventions as {@link toMat3}):
 * the product of the three axis quaternions.
 * @throws RangeError for an unknown order or an angle that is NaN or infinite.
 * @example toQuat([0, 0, Math.PI], "XYZ") // ≈ [0, 0, 1, 0]
 */
export function toQuat(angles: Readonly<EulerAngles>, order: EulerOrder, frame: EulerFrame = "intrinsic"): Quat {
  assertOrder(order, "euler.toQuat");
  assertFiniteAngles(angles, "euler.toQuat");
  // Intrinsic: q = e0(a0)·e1(a1)·e2(a2). Extrinsic ABC with (a, b, c) is intrinsic CBA with (c, b, a).
  // Built in place from the half-angle sines and cosines: no axis normalization, no temporaries.
  const first = frame === "intrinsic" ? 0 : 2;
  const last = 2 - first;
  const h0 = angles[first] / 2;
  const h1 = angles[1] / 2;
  const h2 = angles[last]! / 2;
  const q: Quat = [0, 0, 0, Math.cos(h0)];
  q[axisAt(order, first)] = Math.sin(h0);
  mulAxisRight(q, axisAt(order, 1), Math.sin(h1), Math.cos(h1));
  mulAxisRight(q, axisAt(order, last), Math.sin(h2), Math.cos(h2));
  return q;
}

/** Axis index (0, 1, 2) of letter `n` of `order` ("X" is char code 88). */
function axisAt(order: EulerOrder, n: number): number {
  return order.charCodeAt(n) - 88;
}

/**
 * `q ← q·(s·e_m, c)`, in place: right-multiplies by the rotation about coordinate axis `m`
 * whose half angle has sine `s` and cosine `c` (the Hamilton product when all but one
 * vector component of the right factor is zero).
 */
function mulAxisRight(q: Quat, m: number, s: number, c: number): void {
  const m1 = m === 2 ? 0 : m + 1;
  const m2 = m === 0 ? 2 : m - 1;
  const am = q[m]!;
  const a1 = q[m1]!;
  const a2 = q[m2]!;
  const aw = q[3];
  q[m] = c * am + s * aw;
  q[m1] = c * a1 + s * a2;
  q[m2] = c * a2 - s * a1;
  q[3] = c * aw - s * am;
}

/**
 * Euler angles of a rotation matrix, for any of the 12 orders, either frame.
 *
 * Ranges: Tait–Bryan middle angle in [−π/2, π/2], proper Euler middle angle
 * in [0, π], outer angles in (−π, π].
 *
 * Accuracy, also at and near gimbal lock: the middle angle comes from
 * `atan2` (never an unclamped `asin`/`acos`); the first angle from the last
 * column; and the third is computed *after* undoing the first, from entries
 * that stay of size 1 even at lock. So whatever the first angle is — and near
 * lock it is ill-determined by nature — the three angles rebuild the matrix
 * to rounding error. No threshold like `0.9999999` throws digits away.
 *
 * At exact lock (the middle angle's cos, or sin for proper Euler, below
 * 2⁻⁵⁰) the **first angle is set to 0** and the third carries the whole
 * combined rotation.
 *
 * @param m - A rotation matrix. Drift up to `mat3.ROTATION_TOLERANCE` (‖mᵀm − I‖ ≤ 1e-4)
 *   is accepted: the angles then rebuild `m` to about its drift.
 * @param order - One of the 12 orders.
 * @param frame - `"intrinsic"` (default) or `"extrinsic"`, as in {@link toMat3}.
 * @throws RangeError for an unknown order, or if `m` is not a rotation (non-finite
 *   entries, further than `mat3.ROTATION_TOLERANCE` from orthonormal, or a reflection).
 * @example fromMat3(toMat3([0.1, 0.2, 0.3], "ZYX"), "ZYX") // ≈ [0.1, 0.2, 0.3]
 */
export function fromMat3(m: Readonly<Mat3>, order: EulerOrder, frame: EulerFrame = "intrinsic"): EulerAngles {
  assertOrder(order, "euler.fromMat3");
  mat3.assertRotation(m, "euler.fromMat3: m");
  return anglesOfRotation(m, order, frame);
}

/** {@link fromMat3} without the checks, for matrices known to be rotations. */
function anglesOfRotation(m: Readonly<Mat3>, order: EulerOrder, frame: EulerFrame): EulerAngles {
  if (frame === "extrinsic") {
    const [c, b, a] = intrinsicFromMat3(m, reverseOrder(order));
    return [a, b, c];
  }
  return intrinsicFromMat3(m, order);
}

/**
 * Intrinsic decomposition `R = R_i(a)·R_j(b)·R_k(c)` (Tait–Bryan) or
 * `R_i(a)·R_j(b)·R_i(c)` (proper Euler). `k` is the third axis and `sgn` the
 * parity of the permutation `(i, j, k)`: +1 for the cyclic XYZ, YZX, ZXY.
 */
function intrinsicFromMat3(m: Readonly<Mat3>, order: EulerOrder): EulerAngles {
  const i = axisAt(order, 0);
  const j = axisAt(order, 1);
  const k = 3 - i - j;
  const sgn = (j - i + 3) % 3 === 1 ? 1 : -1;
  const proper = isProperEuler(order);
  // R[row][col] is m[3·col + row]. The first angle is atan2(y, x).
  let b: number;
  let y: number;
  let x: number;
  let lock: boolean;
  if (!proper) {
    // Row i = (cos b cos c, −sgn cos b sin c, sgn sin b) in columns (i, j, k).
    const rii = m[4 * i]!;
    const rij = m[3 * j + i]!;
    const cosB = Math.sqrt(rii * rii + rij * rij); // entries ≤ 1: no overflow; Math.hypot is ~30 ns in V8
    b = Math.atan2(sgn * m[3 * k + i]!, cosB);
    // Column k = sgn sin b e_i + cos b (cos a e_k − sgn sin a e_j).
    y = -sgn * m[3 * k + j]!;
    x = m[4 * k]!;
    lock = cosB < LOCK_NOISE;
  } else {
    // R[i][i] = cos b; row i beyond it has length sin b.
    const rij = m[3 * j + i]!;
    const rik = m[3 * k + i]!;
    const sinB = Math.sqrt(rij * rij + rik * rik);
    b = Math.atan2(sinB, m[4 * i]!);
    // Column i = cos b e_i + sin b sin a e_j − sgn sin b cos a e_k.
    y = m[3 * i + j]!;
    x = -sgn * m[3 * i + k]!;
    lock = sinB < LOCK_NOISE;
  }
  // cos a = x/r and sin a = y/r: no Math.cos/Math.sin. At lock, a = 0.
  const r = Math.sqrt(x * x + y * y);
  let a = 0;
  let ca = 1;
  let sa = 0;
  if (!lock && r > 0) {
    a = Math.atan2(y, x);
    ca = x / r;
    sa = (sgn * y) / r;
  }
  // Undo the first rotation: row j of R_i(a)ᵀ·R = cos a·R[j] + sgn sin a·R[k],
  // and it equals row j of R_j(b)·R_last(c) = row j of R_last(c): c alone.
  const rowJ = ca * m[4 * j]! + sa * m[3 * j + k]!;
  const c = proper
    ? Math.atan2(-sgn * (ca * m[3 * k + j]! + sa * m[4 * k]!), rowJ) // row j of R_i(c) = (0, cos c, −sgn sin c)
    : Math.atan2(sgn * (ca * m[3 * i + j]! + sa * m[3 * i + k]!), rowJ); // row j of R_k(c) = (sgn sin c, cos c, 0)
  return [a, b, c];
}

/**
 * Euler angles of a unit quaternion (via its matrix; same ranges and gimbal
 * lock behaviour as {@link fromMat3}).
 * @throws RangeError for an unknown order or a zero quaternion.
 * @example fromQuat(toQuat([0.1, 0.2, 0.3], "XYZ"), "XYZ") // ≈ [0.1, 0.2, 0.3]
 */
export function fromQuat(q: Readonly<Quat>, order: EulerOrder, frame: EulerFrame = "intrinsic"): EulerAngles {
  assertOrder(order, "euler.fromQuat");
  return anglesOfRotation(quat.toMat3(q), order, frame); // the matrix of any non-zero q is a rotation
}

/**
 * Whether the angles sit in (or within `toleranceRad` of) gimbal lock: the
 * middle angle at ±90° for Tait–Bryan orders, at 0° or 180° for proper
 * Euler orders. The frame does not matter: it only reverses the outer angles.
 * @param toleranceRad - How close to lock counts, in radians of middle angle (default 1e-6).
 * @throws RangeError for an unknown order.
 * @example isGimbalLock([0.3, Math.PI / 2, -1], "XYZ") === true
 */
export function isGimbalLock(angles: Readonly<EulerAngles>, order: EulerOrder, toleranceRad = 1e-6): boolean {
  assertOrder(order, "euler.isGimbalLock");
  // Distance of the middle angle from the nearest lock angle is asin(|cos|) or asin(|sin|).
  const offLock = isProperEuler(order) ? Math.sin(angles[1]) : Math.cos(angles[1]);
  return Math.asin(Math.min(1, Math.abs(offLock))) <= toleranceRad;
}

/**
 * The angle-rate Jacobian: the matrix `J` with `ω = J · [ȧ0, ȧ1, ȧ2]`, where
 * `ω` is the angular velocity (world frame, radians per unit time) produced by
 * changing the three angles at rates `ȧi`. Column `i` is the unit axis that
 * angle `i` currently turns about, in world coordinates: for intrinsic order
 * `ABC`, `e_A`, `R_A(a0)·e_B`, `R_A(a0)·R_B(a1)·e_C`; for extrinsic,
 * `R_C(a2)·R_B(a1)·e_A`, `R_C(a2)·e_B`, `e_C`.
 *
 * The middle column is always perpendicular to the other two; the first and
 * last columns become parallel at gimbal lock (middle angle ±90° for
 * Tait–Bryan, 0 or 180° for proper Euler), and then `J` is singular: no angle
 * rates produce a turn about the missing direction.
 *
 * @param angles - `[a0, a1, a2]` in radians, as in {@link toMat3}.
 * @param order - One of the 12 orders.
 * @param frame - `"intrinsic"` (default) or `"extrinsic"`.
 * @returns The column-major 3×3 Jacobian (dimensionless: rad/s of turn per rad/s of angle).
 * @throws RangeError for an unknown order.
 * @example angleRateJacobian([0, 0, 0], "XYZ") // ≈ mat3.identity(): at rest the axes are X, Y, Z
 */
export function angleRateJacobian(
  angles: Readonly<EulerAngles>,
  order: EulerOrder,
  frame: EulerFrame = "intrinsic",
): Mat3 {
  assertOrder(order, "euler.angleRateJacobian");
  const [i, j, k] = axes(order);
  const r0 = AXIS_ROTATIONS[i]!(angles[0]);
  const r1 = AXIS_ROTATIONS[j]!(angles[1]);
  const r2 = AXIS_ROTATIONS[k]!(angles[2]);
  const [e0, e1, e2] = [UNIT_AXES[i]!, UNIT_AXES[j]!, UNIT_AXES[k]!];
  if (frame === "intrinsic") {
    // Each later axis is carried by the rotations applied before it (to its left).
    return mat3.fromColumns(e0, mat3.transformVec3(r0, e1), mat3.transformVec3(mat3.multiply(r0, r1), e2));
  }
  // Fixed axes: each earlier axis is carried by the rotations that act after it.
  return mat3.fromColumns(mat3.transformVec3(mat3.multiply(r2, r1), e0), mat3.transformVec3(r2, e1), e2);
}

/**
 * The singular values of the angle-rate Jacobian ({@link angleRateJacobian}),
 * largest first. They measure how much turning a unit of angle rate buys in
 * each direction; the smallest drops to 0 at gimbal lock.
 *
 * Because the columns of `J` are unit vectors and the middle one is
 * perpendicular to the others, `JᵀJ` has the form `[[1, 0, c], [0, 1, 0],
 * [c, 0, 1]]` with `c` the cosine between the first and last axes; its
 * eigenvalues are `1 + |c|`, `1`, `1 − |c|`, so the singular values are
 * `√(1 + |c|)`, `1`, `√(1 − |c|)` — for Tait–Bryan `|c| = |sin a1|`, for
 * proper Euler `|c| = |cos a1|`. Computed in that form, with `1 − |c|`
 * evaluated without cancellation (as `2 sin²` of a half angle), so the
 * smallest value stays accurate right up to lock.
 *
 * @param angles - `[a0, a1, a2]` in radians; only the middle angle matters.
 * @param order - One of the 12 orders.
 * @param frame - `"intrinsic"` (default) or `"extrinsic"`; the values do not depend on it.
 * @returns `[σ1, σ2, σ3]` with `σ1 ≥ σ2 ≥ σ3 ≥ 0`; `σ3 = 0` exactly at lock, `σ1 = σ2 = σ3 = 1` when the first and last axes are perpendicular.
 * @throws RangeError for an unknown order.
 * @example angleRateSingularValues([0, Math.PI / 2, 0], "XYZ") // ≈ [Math.SQRT2, 1, 0]
 */
export function angleRateSingularValues(
  angles: Readonly<EulerAngles>,
  order: EulerOrder,
  frame: EulerFrame = "intrinsic",
): [number, number, number] {
  assertOrder(order, "euler.angleRateSingularValues");
  void frame; // the frame only reverses which outer axis is carried by the other
  const b = angles[1];
  // |c| = |cos φ| where φ is the angle between the outer axes: φ = π/2 − b (Tait–Bryan) or b (proper).
  const phi = isProperEuler(order) ? b : Math.PI / 2 - b;
  const absC = Math.abs(Math.cos(phi));
  // 1 − |cos φ| = 2 sin²(ψ/2), ψ the distance of φ from the nearest multiple of π: no cancellation near lock.
  const psi = Math.atan2(Math.abs(Math.sin(phi)), absC);
  const oneMinus = 2 * Math.sin(psi / 2) ** 2;
  return [Math.sqrt(1 + absC), 1, Math.sqrt(oneMinus)];
}
