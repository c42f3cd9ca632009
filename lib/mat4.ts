/**
 * 4×4 homogeneous matrices, 16 numbers in **column-major** order (WebGL,
 * three.js `Matrix4.fromArray`, gl-matrix):
 *
 * ```
 *   | m[0] m[4] m[8]  m[12] |
 *   | m[1] m[5] m[9]  m[13] |     entry (row r, column c) is m[4c + r];
 *   | m[2] m[6] m[10] m[14] |     the translation is m[12], m[13], m[14]
 *   | m[3] m[7] m[11] m[15] |
 * ```
 *
 * A point is `(x, y, z, 1)`, a direction `(x, y, z, 0)`. The fourth
 * coordinate `w` is a scale factor: `(x, y, z, w)` stands for the point
 * `(x/w, y/w, z/w)`, so a larger `w` makes a point smaller — the trick
 * behind perspective projection (see `projection.ts`).
 *
 * @module mat4
 */

import type { Mat3 } from "./mat3.ts";
import { type Vec3, cross, dot, normalize, sub } from "./vec3.ts";

/** A 4×4 matrix, column-major (see the module header). */
export type Mat4 = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** A homogeneous 4-vector `[x, y, z, w]`. */
export type Vec4 = [number, number, number, number];

/**
 * The identity matrix.
 * @example identity()[15] === 1
 */
export function identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

/**
 * The product `a·b` (apply `b`, then `a`). A hot path: no input checks (NaN in, NaN out).
 * @param out - Optional destination; may be `a` or `b` itself.
 * @returns `out` if given, else a new matrix.
 * @example multiply(translation([1, 0, 0]), translation([0, 2, 0])) // → translation([1, 2, 0])
 */
export function multiply(a: Readonly<Mat4>, b: Readonly<Mat4>, out?: Mat4): Mat4 {
  return multiplyInto(a, b, out ?? (new Array(16) as Mat4));
}

/**
 * `o = a·b`, straight-line: reads all of `a`, then each column of `b` just before writing that
 * column of `o`, so `o` may alias `a` or `b`. Measured in V8: ~15% faster than a loop over the
 * columns, and kept apart from the `out ??` default so that `o` is always one kind of array
 * here (this expression order is gl-matrix's; `aCR` is column C, row R).
 */
function multiplyInto(a: Readonly<Mat4>, b: Readonly<Mat4>, o: Mat4): Mat4 {
  const a00 = a[0],
    a01 = a[1],
    a02 = a[2],
    a03 = a[3];
  const a10 = a[4],
    a11 = a[5],
    a12 = a[6],
    a13 = a[7];
  const a20 = a[8],
    a21 = a[9],
    a22 = a[10],
    a23 = a[11];
  const a30 = a[12],
    a31 = a[13],
    a32 = a[14],
    a33 = a[15];
  let b0 = b[0],
    b1 = b[1],
    b2 = b[2],
    b3 = b[3];
  o[0] = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
  o[1] = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
  o[2] = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
  o[3] = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
  b0 = b[4];
  b1 = b[5];
  b2 = b[6];
  b3 = b[7];
  o[4] = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
  o[5] = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
  o[6] = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
  o[7] = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
  b0 = b[8];
  b1 = b[9];
  b2 = b[10];
  b3 = b[11];
  o[8] = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
  o[9] = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
  o[10] = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
  o[11] = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
  b0 = b[12];
  b1 = b[13];
  b2 = b[14];
  b3 = b[15];
  o[12] = b0 * a00 + b1 * a10 + b2 * a20 + b3 * a30;
  o[13] = b0 * a01 + b1 * a11 + b2 * a21 + b3 * a31;
  o[14] = b0 * a02 + b1 * a12 + b2 * a22 + b3 * a32;
  o[15] = b0 * a03 + b1 * a13 + b2 * a23 + b3 * a33;
  return o;
}

/**
 * Embeds a 3×3 linear map (e.g. a rotation) in a 4×4 matrix with no translation.
 * @example fromMat3([1, 0, 0, 0, 1, 0, 0, 0, 1]) // → identity()
 */
export function fromMat3(m: Readonly<Mat3>): Mat4 {
  return [m[0], m[1], m[2], 0, m[3], m[4], m[5], 0, m[6], m[7], m[8], 0, 0, 0, 0, 1];
}

/**
 * The translation by `t` (moves points, leaves directions alone).
 * @example transformPoint(translation([1, 2, 3]), [0, 0, 0]) // → [1, 2, 3]
 */
export function translation(t: Readonly<Vec3>): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t[0], t[1], t[2], 1];
}

/**
 * The scaling by `s` along each axis.
 * @example transformPoint(scaling([2, 3, 4]), [1, 1, 1]) // → [2, 3, 4]
 */
export function scaling(s: Readonly<Vec3>): Mat4 {
  return [s[0], 0, 0, 0, 0, s[1], 0, 0, 0, 0, s[2], 0, 0, 0, 0, 1];
}

/**
 * The transpose `mᵀ`.
 * @example transpose(translation([1, 2, 3]))[3] === 1
 */
export function transpose(m: Readonly<Mat4>): Mat4 {
  return [m[0], m[4], m[8], m[12], m[1], m[5], m[9], m[13], m[2], m[6], m[10], m[14], m[3], m[7], m[11], m[15]];
}

/**
 * The inverse `m⁻¹`, by cofactor expansion in 2×2 minors.
 * @throws RangeError if `m` is singular (determinant 0) or not finite.
 * @example invert(translation([1, 2, 3])) // → translation([-1, -2, -3])
 */
export function invert(m: Readonly<Mat4>): Mat4 {
  const [a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33] = m;
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  const inv = 1 / det;
  if (det === 0 || !Number.isFinite(det) || !Number.isFinite(inv)) {
    throw new RangeError(`mat4.invert: m is singular (determinant ${det})`);
  }
  return [
    (a11 * b11 - a12 * b10 + a13 * b09) * inv,
    (a02 * b10 - a01 * b11 - a03 * b09) * inv,
    (a31 * b05 - a32 * b04 + a33 * b03) * inv,
    (a22 * b04 - a21 * b05 - a23 * b03) * inv,
    (a12 * b08 - a10 * b11 - a13 * b07) * inv,
    (a00 * b11 - a02 * b08 + a03 * b07) * inv,
    (a32 * b02 - a30 * b05 - a33 * b01) * inv,
    (a20 * b05 - a22 * b02 + a23 * b01) * inv,
    (a10 * b10 - a11 * b08 + a13 * b06) * inv,
    (a01 * b08 - a00 * b10 - a03 * b06) * inv,
    (a30 * b04 - a31 * b02 + a33 * b00) * inv,
    (a21 * b02 - a20 * b04 - a23 * b00) * inv,
    (a11 * b07 - a10 * b09 - a12 * b06) * inv,
    (a00 * b09 - a01 * b07 + a02 * b06) * inv,
    (a31 * b01 - a30 * b03 - a32 * b00) * inv,
    (a20 * b03 - a21 * b01 + a22 * b00) * inv,
  ];
}

/**
 * Transforms a point: multiplies `(p, 1)` by `m` and divides by the resulting
 * `w` (for affine matrices `w` stays 1; for a projection this is the
 * perspective divide, as in three.js's `applyMatrix4`). Where `w = 0` the
 * point has no image (it lies on the camera plane) and the result is
 * infinite; `projection.project` checks for that and throws instead.
 * @param out - Optional destination; may be `p` itself.
 * @returns `out` if given, else a new vector.
 * @example transformPoint(translation([1, 0, 0]), [1, 2, 3]) // → [2, 2, 3]
 */
export function transformPoint(m: Readonly<Mat4>, p: Readonly<Vec3>, out?: Vec3): Vec3 {
  const x = p[0],
    y = p[1],
    z = p[2];
  const w = m[3] * x + m[7] * y + m[11] * z + m[15];
  const o = out ?? (new Array(3) as Vec3);
  const s = w === 1 ? 1 : 1 / w;
  o[0] = (m[0] * x + m[4] * y + m[8] * z + m[12]) * s;
  o[1] = (m[1] * x + m[5] * y + m[9] * z + m[13]) * s;
  o[2] = (m[2] * x + m[6] * y + m[10] * z + m[14]) * s;
  return o;
}

/**
 * Multiplies a homogeneous vector by `m`, without any divide: the result is
 * in clip space when `m` is a projection.
 * @example transformVec4(identity(), [1, 2, 3, 4]) // → [1, 2, 3, 4]
 */
export function transformVec4(m: Readonly<Mat4>, v: Readonly<Vec4>): Vec4 {
  const [x, y, z, w] = v;
  return [
    m[0] * x + m[4] * y + m[8] * z + m[12] * w,
    m[1] * x + m[5] * y + m[9] * z + m[13] * w,
    m[2] * x + m[6] * y + m[10] * z + m[14] * w,
    m[3] * x + m[7] * y + m[11] * z + m[15] * w,
  ];
}

/**
 * The viewing matrix of a camera at `eye` looking at `target` (gluLookAt):
 * it maps world coordinates to camera coordinates, where the camera sits at
 * the origin, looks down −Z, with +Y up and +X to the right.
 *
 * Built from the camera's axes: forward `f = normalize(target − eye)`,
 * right `s = normalize(f × up)`, true up `u = s × f`; the rotation has rows
 * `s, u, −f`, followed by the translation that moves `eye` to the origin.
 *
 * @param eye - Camera position (world units).
 * @param target - The point looked at.
 * @param up - Roughly which way is up; need not be unit or exactly perpendicular.
 * @throws RangeError if `eye` equals `target`, or `up` is parallel to the view direction.
 * @example transformPoint(lookAt([0, 0, 5], [0, 0, 0], [0, 1, 0]), [0, 0, 0]) // → [0, 0, -5]
 */
export function lookAt(eye: Readonly<Vec3>, target: Readonly<Vec3>, up: Readonly<Vec3>): Mat4 {
  const f = normalize(sub(target, eye), "mat4.lookAt: target − eye");
  const s = normalize(cross(f, up), "mat4.lookAt: up (parallel to the view direction)");
  const u = cross(s, f);
  return [s[0], u[0], -f[0], 0, s[1], u[1], -f[1], 0, s[2], u[2], -f[2], 0, -dot(s, eye), -dot(u, eye), dot(f, eye), 1];
}
