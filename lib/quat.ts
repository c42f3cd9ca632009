/**
 * Quaternions `q = [x, y, z, w]` — vector part first, **scalar last**, as in
 * three.js and gl-matrix. In the lecture's notation `q = (s, v) = (w, [x, y, z])`.
 *
 * Algebra: `i² = j² = k² = ijk = −1`, `ij = k`, `ji = −k` (Hamilton, 1843).
 * The product of `(v₁, w₁)` and `(v₂, w₂)` is
 * `(w₁v₂ + w₂v₁ + v₁ × v₂,  w₁w₂ − v₁·v₂)`.
 *
 * Rotations: the unit quaternion `(sin(θ/2) n, cos(θ/2))` rotates by `θ`
 * (radians) about the unit axis `n`. `q` and `−q` are the same rotation —
 * unit quaternions cover the rotations twice — so rotations are compared with
 * {@link sameRotation} / {@link angleBetween}, never component by component.
 * `multiply(a, b)` rotates by `b` first, then by `a`, like `mat3.multiply`.
 *
 * @module quat
 */

import type { AxisAngle } from "./axisAngle.ts";
import { type Mat3, assertRotation } from "./mat3.ts";
import type { Mat4 } from "./mat4.ts";
import { EPSILON, assertFinite, sinc } from "./scalar.ts";
import { type Vec3, normalize as normalize3, orthogonal, powerOfTwoScale } from "./vec3.ts";

/** A quaternion `[x, y, z, w]`, scalar last. */
export type Quat = [number, number, number, number];

/**
 * The identity rotation `[0, 0, 0, 1]`.
 * @example identity() // → [0, 0, 0, 1]
 */
export function identity(): Quat {
  return [0, 0, 0, 1];
}

/** Throws a RangeError naming `fn` and `arg` when `q` is the zero quaternion (or not finite). */
function assertNonZero(q: Readonly<Quat>, where: string): number {
  const n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
  if (!(n2 > 0) || !Number.isFinite(n2)) {
    throw new RangeError(`${where} is the zero quaternion or not finite (${JSON.stringify(q)})`);
  }
  return n2;
}

/**
 * The unit quaternion of a rotation by `angleRad` about `axis`:
 * `(sin(θ/2) n, cos(θ/2))`.
 * @param axis - Rotation axis; normalized here, any non-zero length works.
 * @param angleRad - Angle in radians.
 * @throws RangeError if `axis` has zero length or a non-finite component, or `angleRad` is NaN or infinite.
 * @example fromAxisAngle([1, 0, 0], Math.PI) // ≈ [1, 0, 0, 0]  (the slide's "(0, (1, 0, 0))")
 */
export function fromAxisAngle(axis: Readonly<Vec3>, angleRad: number): Quat {
  const n = normalize3(axis, "quat.fromAxisAngle: axis");
  assertFinite(angleRad, "quat.fromAxisAngle: angleRad");
  const s = Math.sin(angleRad / 2);
  return [n[0] * s, n[1] * s, n[2] * s, Math.cos(angleRad / 2)];
}

/**
 * The axis and angle of the rotation `q`, on the short side: `angle` in [0, π].
 *
 * `angle = 2·atan2(|v|, |w|)` (accurate at every angle, unlike `2·acos(w)`);
 * when `w < 0` the axis is flipped, since `q ≡ −q`. `q` need not be unit.
 * At the identity every axis is right and `[1, 0, 0]` is returned.
 *
 * @throws RangeError if `q` is the zero quaternion.
 * @example toAxisAngle(fromAxisAngle([0, 0, 1], 3 * Math.PI / 2)) // ≈ { axis: [0, 0, -1], angle: π/2 }
 */
export function toAxisAngle(q: Readonly<Quat>): AxisAngle {
  assertNonZero(q, "quat.toAxisAngle: q");
  const vlen = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  if (vlen === 0) return { axis: [1, 0, 0], angle: 0 };
  const sign = q[3] < 0 ? -1 : 1;
  return {
    axis: [(sign * q[0]) / vlen, (sign * q[1]) / vlen, (sign * q[2]) / vlen],
    angle: 2 * Math.atan2(vlen, Math.abs(q[3])),
  };
}

/**
 * The Hamilton product `a·b`: rotating by it rotates by `b` first, then `a`.
 * Not commutative: `ij = k` but `ji = −k`.
 * A hot path: no input checks (NaN in, NaN out).
 * @param out - Optional destination; may be `a` or `b` itself.
 * @returns `out` if given, else a new quaternion.
 * @example multiply([1, 0, 0, 0], [0, 1, 0, 0]) // → [0, 0, 1, 0]  (i·j = k)
 */
export function multiply(a: Readonly<Quat>, b: Readonly<Quat>, out?: Quat): Quat {
  const ax = a[0],
    ay = a[1],
    az = a[2],
    aw = a[3];
  const bx = b[0],
    by = b[1],
    bz = b[2],
    bw = b[3];
  const o = out ?? (new Array(4) as Quat);
  o[0] = aw * bx + ax * bw + ay * bz - az * by;
  o[1] = aw * by - ax * bz + ay * bw + az * bx;
  o[2] = aw * bz + ax * by - ay * bx + az * bw;
  o[3] = aw * bw - ax * bx - ay * by - az * bz;
  return o;
}

/**
 * The conjugate `(−v, w)`: for a unit quaternion, the inverse rotation.
 * @example conjugate([1, 2, 3, 4]) // → [-1, -2, -3, 4]
 */
export function conjugate(q: Readonly<Quat>): Quat {
  return [-q[0], -q[1], -q[2], q[3]];
}

/**
 * The inverse `q* / |q|²`, so that `q·q⁻¹ = 1` for any non-zero `q`.
 * @throws RangeError if `q` is the zero quaternion.
 * @example inverse([0, 0, 0, 2]) // → [-0, -0, -0, 0.5]
 */
export function inverse(q: Readonly<Quat>): Quat {
  const n2 = assertNonZero(q, "quat.inverse: q");
  return [-q[0] / n2, -q[1] / n2, -q[2] / n2, q[3] / n2];
}

/**
 * The 4D dot product; for unit quaternions, `cos(φ/2)` where φ is the angle
 * between the rotations — up to sign, since `q ≡ −q`.
 * @example dot([0, 0, 0, 1], [0, 0, 0, -1]) === -1
 */
export function dot(a: Readonly<Quat>, b: Readonly<Quat>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

/**
 * The norm `|q| = √(x² + y² + z² + w²)`; 1 for a rotation.
 * @example length([0, 0, 3, 4]) === 5
 */
export function length(q: Readonly<Quat>): number {
  return Math.sqrt(dot(q, q));
}

/**
 * The unit quaternion `q/|q|` (the same rotation, repaired after drift).
 * Components are first scaled by the largest one, so quaternions whose
 * squares would underflow (|q| ~ 1e-160) or overflow still normalize exactly.
 * @param out - Optional destination; may be `q` itself.
 * @returns `out` if given, else a new quaternion.
 * @throws RangeError if `q` is the zero quaternion (it is no rotation at all) or has a NaN or infinite component.
 * @example normalize([0, 0, 0, 2]) // → [0, 0, 0, 1]
 */
export function normalize(q: Readonly<Quat>, out?: Quat): Quat {
  const big = Math.max(Math.abs(q[0]), Math.abs(q[1]), Math.abs(q[2]), Math.abs(q[3]));
  if (!(big > 0) || !Number.isFinite(big)) {
    throw new RangeError(`quat.normalize: q is the zero quaternion or not finite ([${q.join(", ")}])`);
  }
  const x = q[0] / big,
    y = q[1] / big,
    z = q[2] / big,
    w = q[3] / big;
  const n = Math.sqrt(x * x + y * y + z * z + w * w);
  const o = out ?? (new Array(4) as Quat);
  o[0] = x / n;
  o[1] = y / n;
  o[2] = z / n;
  o[3] = w / n;
  return o;
}

/**
 * Rotates `v` by the unit quaternion `q`, i.e. the vector part of `q·(v, 0)·q*`,
 * evaluated without building the products:
 * `v' = v + 2w (u × v) + 2 u × (u × v)` with `u = [x, y, z]`.
 * @param q - A unit quaternion (not checked: this is a hot path, with no input checks — NaN in, NaN out).
 * @param out - Optional destination; may be `v` itself.
 * @returns `out` if given, else a new vector.
 * @example rotateVec3(fromAxisAngle([0, 0, 1], Math.PI / 2), [1, 0, 0]) // ≈ [0, 1, 0]
 */
export function rotateVec3(q: Readonly<Quat>, v: Readonly<Vec3>, out?: Vec3): Vec3 {
  const qx = q[0],
    qy = q[1],
    qz = q[2],
    qw = q[3];
  const vx = v[0],
    vy = v[1],
    vz = v[2];
  // t = 2 (u × v)
  const tx = 2 * (qy * vz - qz * vy);
  const ty = 2 * (qz * vx - qx * vz);
  const tz = 2 * (qx * vy - qy * vx);
  const o = out ?? (new Array(3) as Vec3);
  o[0] = vx + qw * tx + (qy * tz - qz * ty);
  o[1] = vy + qw * ty + (qz * tx - qx * tz);
  o[2] = vz + qw * tz + (qx * ty - qy * tx);
  return o;
}

/**
 * The rotation matrix of `q` (column-major). Uses `s = 2/|q|²`, so a
 * quaternion that has drifted from unit length still gives a rotation.
 * @throws RangeError if `q` is the zero quaternion.
 * @example toMat3([0, 0, Math.SQRT1_2, Math.SQRT1_2]) // ≈ mat3.rotationZ(π/2)
 */
export function toMat3(q: Readonly<Quat>): Mat3 {
  const s = 2 / assertNonZero(q, "quat.toMat3: q");
  const [x, y, z, w] = q;
  const xx = x * x * s,
    yy = y * y * s,
    zz = z * z * s;
  const xy = x * y * s,
    xz = x * z * s,
    yz = y * z * s;
  const wx = w * x * s,
    wy = w * y * s,
    wz = w * z * s;
  // prettier-ignore
  return [
    1 - yy - zz, xy + wz,     xz - wy,
    xy - wz,     1 - xx - zz, yz + wx,
    xz + wy,     yz - wx,     1 - xx - yy,
  ];
}

/**
 * The 4×4 homogeneous matrix of `q` (rotation, no translation).
 * @throws RangeError if `q` is the zero quaternion.
 * @example toMat4(identity())[15] === 1
 */
export function toMat4(q: Readonly<Quat>): Mat4 {
  const m = toMat3(q);
  return [m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1];
}

/**
 * The unit quaternion of a rotation matrix, by Shepperd's method: of the four
 * squared components `4w² = 1 + tr`, `4x² = 1 + 2m₀₀ − tr`, … take the
 * largest, compute it with a square root, and the other three from
 * off-diagonal sums and differences divided by it. Dividing by the largest
 * component never divides by something small, so the result is accurate
 * for every rotation, including 180° turns where `w → 0`.
 *
 * @param m - A rotation matrix. Drift up to `mat3.ROTATION_TOLERANCE` (‖mᵀm − I‖ ≤ 1e-4:
 *   float32 storage, rounding, long products) is accepted and the result normalized.
 * @returns A unit quaternion with `w ≥ 0`.
 * @throws RangeError if `m` is not a rotation: non-finite entries, further than
 *   `mat3.ROTATION_TOLERANCE` from orthonormal (a scaling, a shear, the zero matrix),
 *   or a reflection (determinant −1).
 * @example fromMat3(mat3.rotationX(Math.PI)) // ≈ [1, 0, 0, 0]
 */
export function fromMat3(m: Readonly<Mat3>): Quat {
  assertRotation(m, "quat.fromMat3: m");
  const m00 = m[0],
    m10 = m[1],
    m20 = m[2];
  const m01 = m[3],
    m11 = m[4],
    m21 = m[5];
  const m02 = m[6],
    m12 = m[7],
    m22 = m[8];
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace >= m00 && trace >= m11 && trace >= m22) {
    const w4 = 2 * Math.sqrt(1 + trace); // 4w
    q = [(m21 - m12) / w4, (m02 - m20) / w4, (m10 - m01) / w4, w4 / 4];
  } else if (m00 >= m11 && m00 >= m22) {
    const x4 = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [x4 / 4, (m01 + m10) / x4, (m02 + m20) / x4, (m21 - m12) / x4];
  } else if (m11 >= m22) {
    const y4 = 2 * Math.sqrt(1 - m00 + m11 - m22);
    q = [(m01 + m10) / y4, y4 / 4, (m12 + m21) / y4, (m02 - m20) / y4];
  } else {
    const z4 = 2 * Math.sqrt(1 - m00 - m11 + m22);
    q = [(m02 + m20) / z4, (m12 + m21) / z4, z4 / 4, (m10 - m01) / z4];
  }
  const n = q[3] < 0 ? -length(q) : length(q); // near 1: m is a rotation
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/**
 * The angle between the rotations `a` and `b`, in radians, in [0, π]: the
 * angle of the relative rotation `r = a*·b`, computed as `2·atan2(|r_v|, |r_w|)`.
 *
 * This is exact to about 1e-16 rad at every angle, also for rotations 1e-12
 * apart, and `angleBetween(q, q)` is exactly 0. The common `2·acos(|a·b|)`
 * cannot see angles below ~1e-8 (the cosine rounds to 1) and returns NaN when
 * rounding makes `|a·b| > 1`. Inputs need not be unit: the ratio does not
 * depend on their lengths. `q` and `−q` are 0 apart.
 *
 * @throws RangeError if either quaternion is zero.
 * @example angleBetween(identity(), fromAxisAngle([0, 1, 0], 0.5)) // ≈ 0.5
 */
export function angleBetween(a: Readonly<Quat>, b: Readonly<Quat>): number {
  assertNonZero(a, "quat.angleBetween: a");
  assertNonZero(b, "quat.angleBetween: b");
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  // r = a*·b = (aw·bv − bw·av − av × bv, aw·bw + av·bv). Each bracket pairs terms that
  // cancel exactly when b = ±a, so angleBetween(q, q) is exactly 0.
  const rx = aw * bx - bw * ax - (ay * bz - az * by);
  const ry = aw * by - bw * ay - (az * bx - ax * bz);
  const rz = aw * bz - bw * az - (ax * by - ay * bx);
  const rw = aw * bw + ax * bx + ay * by + az * bz;
  return 2 * Math.atan2(Math.sqrt(rx * rx + ry * ry + rz * rz), Math.abs(rw));
}

/**
 * Whether `a` and `b` are the same rotation (`q ≡ −q`), to within
 * `toleranceRad` radians of rotation angle.
 * @param toleranceRad - Largest angle between them, radians; defaults to `EPSILON`.
 * @example sameRotation([0, 0, 0, 1], [0, 0, 0, -1]) === true
 */
export function sameRotation(a: Readonly<Quat>, b: Readonly<Quat>, toleranceRad: number = EPSILON): boolean {
  return angleBetween(a, b) <= toleranceRad;
}

/**
 * The quaternion exponential: for `q = (v, w)`,
 * `exp(q) = e^w (sin|v| · v/|v|, cos|v|)`.
 * For a pure quaternion `(θ/2 · n, 0)` it is the rotation by θ about n.
 * Written with `sinc(|v|) = sin|v| / |v|`, so `exp(0) = 1` with no division by zero.
 * @example exp([0, 0, Math.PI / 4, 0]) // ≈ fromAxisAngle([0, 0, 1], Math.PI / 2)
 */
export function exp(q: Readonly<Quat>): Quat {
  const theta = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  const ew = Math.exp(q[3]);
  const k = ew * sinc(theta);
  return [q[0] * k, q[1] * k, q[2] * k, ew * Math.cos(theta)];
}

/**
 * The quaternion logarithm, inverse of {@link exp}:
 * `log(q) = (atan2(|v|, w) · v/|v|, ln|q|)`. For the unit quaternion of a
 * rotation by θ about n it is `(θ/2 · n, 0)`.
 *
 * Edge cases: the identity gives 0 (the factor `atan2(|v|, w)/|v|` tends to
 * `1/w` and is computed that way); `−1` (a full turn) gives `(π, 0, 0, 0)` —
 * any axis would do, X is chosen.
 *
 * @throws RangeError if `q` is the zero quaternion (ln 0).
 * @example log(identity()) // → [0, 0, 0, 0]
 */
export function log(q: Readonly<Quat>): Quat {
  const n2 = assertNonZero(q, "quat.log: q");
  const vlen = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  const w = q[3];
  const lnNorm = 0.5 * Math.log(n2);
  if (vlen === 0) return w > 0 ? [0, 0, 0, lnNorm] : [Math.PI, 0, 0, lnNorm];
  const k = Math.atan2(vlen, w) / vlen;
  return [q[0] * k, q[1] * k, q[2] * k, lnNorm];
}

/**
 * The power `q^t = exp(t · log q)`: for a unit quaternion, the same axis and
 * `t` times the angle. `pow(q45°, 1/3)` is the 15° rotation.
 *
 * The textbook shortcut `sin(tα)/sin(α)` divides by `sin α = 0` at the
 * identity; going through {@link log} and {@link exp} has no such division, so
 * the identity to any power is the identity. `pow` follows `q`'s own arc: `q`
 * and `−q` (the same rotation) have different powers, as a 350° and a −10°
 * turn do; make `w ≥ 0` first for the short way round.
 *
 * @param t - The exponent (any finite real).
 * @throws RangeError if `q` is the zero quaternion or `t` is NaN or infinite.
 * @example pow(fromAxisAngle([0, 0, 1], Math.PI / 4), 1 / 3) // ≈ fromAxisAngle([0, 0, 1], Math.PI / 12)
 */
export function pow(q: Readonly<Quat>, t: number): Quat {
  assertFinite(t, "quat.pow: t");
  const l = log(q);
  return exp([l[0] * t, l[1] * t, l[2] * t, l[3] * t]);
}

/**
 * The shortest rotation taking the direction of `u` onto the direction of `v`,
 * as a unit quaternion.
 *
 * With `d = u·v` and `c = u × v`, the quaternion `(c, |u||v| + d)` rotates by the
 * angle between them about their common normal (normalize it and it is unit).
 * The short form `(c, 1 + d)` of unit vectors breaks down as `v → −u`: the
 * scalar part cancels to 0 and loses every digit, and at `v = −u` the
 * result is zero. Here:
 *   - when `d < 0` the scalar part is computed as `|c|² / (|u||v| − d)`,
 *     an identity with no cancellation;
 *   - the rounding noise in `c` along the two (nearly opposite) vectors is
 *     projected out, so `u` lands on `v` to ~1e-16 even 1e-8 from opposite;
 *   - exactly opposite vectors rotate by π about an axis orthogonal to `u`
 *     (one of infinitely many correct answers);
 *   - a vector whose largest component lies outside [2⁻¹⁰⁰, 2¹⁰⁰] is first
 *     scaled by a power of two (`vec3.powerOfTwoScale`; exact, and the
 *     directions are all that matter), so `u`, `v` of length 1e160 (whose
 *     products overflow) or 1e-160 (whose products underflow) work.
 *
 * @param u - The starting direction, any non-zero length.
 * @param v - The target direction, any non-zero length.
 * @param out - Optional destination, written after `u` and `v` are read.
 * @returns `out` if given, else a new quaternion.
 * @throws RangeError if either vector has zero length or a NaN or infinite component.
 * @example rotateVec3(fromTwoVectors([1, 0, 0], [0, 1, 0]), [1, 0, 0]) // ≈ [0, 1, 0]
 */
export function fromTwoVectors(u: Readonly<Vec3>, v: Readonly<Vec3>, out?: Quat): Quat {
  // a, b: u and v, scaled by powers of two (exact) when their products could overflow or underflow.
  const su = moderateScale(u, "quat.fromTwoVectors: u");
  const sv = moderateScale(v, "quat.fromTwoVectors: v");
  const ax = u[0] * su,
    ay = u[1] * su,
    az = u[2] * su;
  const bx = v[0] * sv,
    by = v[1] * sv,
    bz = v[2] * sv;
  const na = Math.sqrt(ax * ax + ay * ay + az * az);
  const nb = Math.sqrt(bx * bx + by * by + bz * bz);
  const d = ax * bx + ay * by + az * bz;
  // c = a × b
  let cx = ay * bz - az * by,
    cy = az * bx - ax * bz,
    cz = ax * by - ay * bx;
  let w: number;
  if (d >= 0) {
    w = na * nb + d;
  } else {
    // Mean direction of a and −b; the exact c is orthogonal to it.
    const mx = ax / na - bx / nb,
      my = ay / na - by / nb,
      mz = az / na - bz / nb;
    const k = (cx * mx + cy * my + cz * mz) / (mx * mx + my * my + mz * mz);
    cx = cx - k * mx;
    cy = cy - k * my;
    cz = cz - k * mz;
    w = (cx * cx + cy * cy + cz * cz) / (na * nb - d);
  }
  const o = out ?? (new Array(4) as Quat);
  if (w === 0 && cx * cx + cy * cy + cz * cz === 0) {
    const axis = orthogonal([ax, ay, az]);
    o[0] = axis[0];
    o[1] = axis[1];
    o[2] = axis[2];
    o[3] = 0;
    return o;
  }
  o[0] = cx;
  o[1] = cy;
  o[2] = cz;
  o[3] = w;
  return normalize(o, o);
}

/**
 * The scale {@link fromTwoVectors} gives `v`: 1 when its largest component lies in [2⁻¹⁰⁰, 2¹⁰⁰], else
 * `vec3.powerOfTwoScale(v)` (which also throws, naming `v`, for a zero or non-finite vector). In that
 * range the products are far from overflow and underflow, and a power-of-two scale would change no bit
 * of the result (short of a scalar part below 1e-100, within 1e-100 rad of opposite vectors); skipping
 * it skips a logarithm in the common case.
 */
function moderateScale(v: Readonly<Vec3>, name: string): number {
  const big = Math.max(Math.abs(v[0]), Math.abs(v[1]), Math.abs(v[2]));
  return big >= 2 ** -100 && big <= 2 ** 100 ? 1 : powerOfTwoScale(v, name);
}
