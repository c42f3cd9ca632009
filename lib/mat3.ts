/**
 * 3×3 matrices, stored as 9 numbers in **column-major** order (the order of
 * WebGL and of three.js's `Matrix3.fromArray`):
 *
 * ```
 *   | m[0] m[3] m[6] |
 *   | m[1] m[4] m[7] |     entry (row r, column c) is m[3c + r]
 *   | m[2] m[5] m[8] |
 * ```
 *
 * Matrices act on column vectors, `v' = M v`, so in a product the matrix that
 * acts first stands next to the vector: `A·B` means "apply B, then A".
 * A rotation by a positive angle turns counter-clockwise when you look down
 * the axis towards the origin (right-hand rule).
 *
 * @module mat3
 */

import { assertFinite } from "./scalar.ts";
import { type Vec3, dot, normalize, scale, sub } from "./vec3.ts";

/** A 3×3 matrix, column-major (see the module header). */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

/**
 * The identity matrix.
 * @example identity() // → [1, 0, 0, 0, 1, 0, 0, 0, 1]
 */
export function identity(): Mat3 {
  return [1, 0, 0, 0, 1, 0, 0, 0, 1];
}

/**
 * Rotation about the X axis by `angleRad`: Y turns towards Z.
 * ```
 *   | 1   0     0   |
 *   | 0  cos  −sin  |
 *   | 0  sin   cos  |
 * ```
 * @param angleRad - Angle in radians.
 * @throws RangeError if `angleRad` is NaN or infinite.
 * @example transformVec3(rotationX(Math.PI / 2), [0, 1, 0]) // ≈ [0, 0, 1]
 */
export function rotationX(angleRad: number): Mat3 {
  assertFinite(angleRad, "mat3.rotationX: angleRad");
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [1, 0, 0, 0, c, s, 0, -s, c];
}

/**
 * Rotation about the Y axis by `angleRad`: Z turns towards X.
 * ```
 *   |  cos  0  sin |
 *   |   0   1   0  |
 *   | −sin  0  cos |
 * ```
 * @param angleRad - Angle in radians.
 * @throws RangeError if `angleRad` is NaN or infinite.
 * @example transformVec3(rotationY(Math.PI / 2), [0, 0, 1]) // ≈ [1, 0, 0]
 */
export function rotationY(angleRad: number): Mat3 {
  assertFinite(angleRad, "mat3.rotationY: angleRad");
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [c, 0, -s, 0, 1, 0, s, 0, c];
}

/**
 * Rotation about the Z axis by `angleRad`: X turns towards Y.
 * ```
 *   | cos  −sin  0 |
 *   | sin   cos  0 |
 *   |  0     0   1 |
 * ```
 * @param angleRad - Angle in radians.
 * @throws RangeError if `angleRad` is NaN or infinite.
 * @example transformVec3(rotationZ(Math.PI / 2), [1, 0, 0]) // ≈ [0, 1, 0]
 */
export function rotationZ(angleRad: number): Mat3 {
  assertFinite(angleRad, "mat3.rotationZ: angleRad");
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}

/**
 * The product `a·b`: applying it applies `b` first, then `a`.
 * Matrix products do not commute: `rotationX(α)·rotationY(β)` differs from
 * `rotationY(β)·rotationX(α)` in general.
 * A hot path: no input checks (NaN in, NaN out).
 * @param out - Optional destination; may be `a` or `b` itself.
 * @returns `out` if given, else a new matrix.
 * @example multiply(rotationZ(0.1), rotationZ(0.2)) // ≈ rotationZ(0.3)
 */
export function multiply(a: Readonly<Mat3>, b: Readonly<Mat3>, out?: Mat3): Mat3 {
  const a00 = a[0],
    a10 = a[1],
    a20 = a[2];
  const a01 = a[3],
    a11 = a[4],
    a21 = a[5];
  const a02 = a[6],
    a12 = a[7],
    a22 = a[8];
  const b00 = b[0],
    b10 = b[1],
    b20 = b[2];
  const b01 = b[3],
    b11 = b[4],
    b21 = b[5];
  const b02 = b[6],
    b12 = b[7],
    b22 = b[8];
  const o = out ?? (new Array(9) as Mat3);
  o[0] = a00 * b00 + a01 * b10 + a02 * b20;
  o[1] = a10 * b00 + a11 * b10 + a12 * b20;
  o[2] = a20 * b00 + a21 * b10 + a22 * b20;
  o[3] = a00 * b01 + a01 * b11 + a02 * b21;
  o[4] = a10 * b01 + a11 * b11 + a12 * b21;
  o[5] = a20 * b01 + a21 * b11 + a22 * b21;
  o[6] = a00 * b02 + a01 * b12 + a02 * b22;
  o[7] = a10 * b02 + a11 * b12 + a12 * b22;
  o[8] = a20 * b02 + a21 * b12 + a22 * b22;
  return o;
}

/**
 * The transpose `mᵀ` (rows become columns). For a rotation matrix this is
 * also the inverse, because its columns are orthonormal: `RᵀR = I`.
 * @example transpose(rotationX(0.3)) // ≈ rotationX(-0.3)
 */
export function transpose(m: Readonly<Mat3>): Mat3 {
  return [m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]];
}

/**
 * The determinant: the signed volume of the parallelepiped spanned by the
 * columns. +1 for every rotation, −1 for a reflection.
 * @example determinant(rotationY(1.234)) // ≈ 1
 */
export function determinant(m: Readonly<Mat3>): number {
  return m[0] * (m[4] * m[8] - m[7] * m[5]) - m[3] * (m[1] * m[8] - m[7] * m[2]) + m[6] * (m[1] * m[5] - m[4] * m[2]);
}

/**
 * The inverse `m⁻¹`, by cofactors (the adjugate over the determinant).
 * For a rotation, prefer {@link transpose}: it is exact and cheaper.
 * @throws RangeError if `m` is singular (determinant 0) or not finite.
 * @example invert([2, 0, 0, 0, 4, 0, 0, 0, 8]) // → [0.5, 0, 0, 0, 0.25, 0, 0, 0, 0.125]
 */
export function invert(m: Readonly<Mat3>): Mat3 {
  const [a00, a10, a20, a01, a11, a21, a02, a12, a22] = m;
  const c00 = a11 * a22 - a12 * a21;
  const c10 = a12 * a20 - a10 * a22;
  const c20 = a10 * a21 - a11 * a20;
  const det = a00 * c00 + a01 * c10 + a02 * c20;
  const inv = 1 / det;
  if (det === 0 || !Number.isFinite(inv) || !Number.isFinite(det)) {
    throw new RangeError(`mat3.invert: m is singular (determinant ${det})`);
  }
  return [
    c00 * inv,
    c10 * inv,
    c20 * inv,
    (a02 * a21 - a01 * a22) * inv,
    (a00 * a22 - a02 * a20) * inv,
    (a01 * a20 - a00 * a21) * inv,
    (a01 * a12 - a02 * a11) * inv,
    (a02 * a10 - a00 * a12) * inv,
    (a00 * a11 - a01 * a10) * inv,
  ];
}

/**
 * The image `m v` of a vector.
 * @example transformVec3(rotationZ(Math.PI), [1, 2, 3]) // ≈ [-1, -2, 3]
 */
export function transformVec3(m: Readonly<Mat3>, v: Readonly<Vec3>): Vec3 {
  const [x, y, z] = v;
  return [m[0] * x + m[3] * y + m[6] * z, m[1] * x + m[4] * y + m[7] * z, m[2] * x + m[5] * y + m[8] * z];
}

/**
 * Builds a matrix from its three columns. The columns of a rotation matrix
 * are the images of the X, Y and Z axes.
 * @example fromColumns([0, 1, 0], [-1, 0, 0], [0, 0, 1]) // ≈ rotationZ(π/2)
 */
export function fromColumns(c0: Readonly<Vec3>, c1: Readonly<Vec3>, c2: Readonly<Vec3>): Mat3 {
  return [c0[0], c0[1], c0[2], c1[0], c1[1], c1[2], c2[0], c2[1], c2[2]];
}

/**
 * Column `j` (0, 1 or 2) as a vector: the image of axis `j`.
 * @example column(rotationZ(Math.PI / 2), 0) // ≈ [0, 1, 0]
 */
export function column(m: Readonly<Mat3>, j: 0 | 1 | 2): Vec3 {
  return [m[3 * j]!, m[3 * j + 1]!, m[3 * j + 2]!];
}

/**
 * Entry at row `r`, column `c` (each 0, 1 or 2), as written on paper.
 * @example get(rotationZ(Math.PI / 2), 0, 1) // ≈ -1
 */
export function get(m: Readonly<Mat3>, r: number, c: number): number {
  return m[3 * c + r] as number;
}

/**
 * How far `m` is from orthonormal: the Frobenius norm `‖mᵀm − I‖`.
 * 0 for an exact rotation (or reflection); it grows as rounding errors
 * accumulate under repeated multiplication ("drift").
 * @example orthonormalityError(rotationX(1)) < 1e-15
 */
export function orthonormalityError(m: Readonly<Mat3>): number {
  // The entries of mᵀm are the columns' dot products, summed as `multiply(transpose(m), m)` sums them (the
  // same bits) but without the two matrices: chapter 01's drift chart asks this 20 000 times a slider move.
  const x0 = m[0],
    x1 = m[1],
    x2 = m[2],
    y0 = m[3],
    y1 = m[4],
    y2 = m[5],
    z0 = m[6],
    z1 = m[7],
    z2 = m[8];
  const xx = x0 * x0 + x1 * x1 + x2 * x2 - 1,
    yy = y0 * y0 + y1 * y1 + y2 * y2 - 1,
    zz = z0 * z0 + z1 * z1 + z2 * z2 - 1,
    xy = x0 * y0 + x1 * y1 + x2 * y2,
    xz = x0 * z0 + x1 * z1 + x2 * z2,
    yz = y0 * z0 + y1 * z1 + y2 * z2;
  // Column by column, as the entries of mᵀm − I lie in memory (xy and yx are one number: products commute).
  let sum = xx * xx;
  sum += xy * xy;
  sum += xz * xz;
  sum += xy * xy;
  sum += yy * yy;
  sum += yz * yz;
  sum += xz * xz;
  sum += yz * yz;
  sum += zz * zz;
  return Math.sqrt(sum);
}

/**
 * How far from a rotation a matrix may be and still be read as one by the
 * matrix conversions (`quat.fromMat3`, `axisAngle.fromMat3`, `euler.fromMat3`):
 * `‖mᵀm − I‖ ≤ 1e-4` in the Frobenius norm, and `det m > 0`.
 *
 * Why 1e-4: rotations arrive with drift — stored as float32 (~1e-7), rounded
 * to 6 decimals (~2e-6), after long chains of products (~1e-12 per thousand
 * steps), or with 1e-6 measurement noise — and each of those must still
 * convert. A matrix further than 1e-4 from orthonormal is not a rotation that
 * drifted but some other matrix (a scaling, a shear, a typo), and the answer
 * would mean little. Within the tolerance the conversions answer the rotation
 * nearby (to about the drift: a 1e-6 drift gives a rotation ~1e-6 rad off).
 */
export const ROTATION_TOLERANCE = 1e-4;

/**
 * Whether `m` is a rotation to within `tolerance`: finite entries,
 * {@link orthonormalityError} `≤ tolerance` and a positive determinant
 * (a reflection, det −1, is orthonormal but no rotation).
 * @param tolerance - Largest accepted `‖mᵀm − I‖` (Frobenius); defaults to {@link ROTATION_TOLERANCE}.
 * @example isRotation([-1, 0, 0, 0, 1, 0, 0, 0, 1]) === false
 */
export function isRotation(m: Readonly<Mat3>, tolerance: number = ROTATION_TOLERANCE): boolean {
  return rotationProblem(m, tolerance) === undefined;
}

/**
 * Throws unless `m` is a rotation to within {@link ROTATION_TOLERANCE} (see
 * {@link isRotation}); the message names the argument and says what is wrong.
 * @param name - Function and argument, as the message should name them (`"quat.fromMat3: m"`).
 * @throws RangeError `"<name> is not a rotation matrix: …"` — non-finite entries, `‖mᵀm − I‖` too large, or a reflection.
 * @example assertRotation(rotationX(1), "f: m") // → undefined
 * @example assertRotation(identity().map((x) => 2 * x), "f: m") // throws RangeError
 */
export function assertRotation(m: Readonly<Mat3>, name = "mat3.assertRotation: m"): void {
  const problem = rotationProblem(m, ROTATION_TOLERANCE);
  if (problem) throw new RangeError(`${name} is not a rotation matrix: ${problem} ([${m.join(", ")}])`);
}

/** What keeps `m` from being a rotation within `tolerance`, or undefined if nothing does. */
function rotationProblem(m: Readonly<Mat3>, tolerance: number): string | undefined {
  const err = orthonormalityError(m); // allocation-free: the conversions call this on every matrix
  if (err <= tolerance && determinant(m) > 0) return undefined; // false for NaN: explained below
  if (!m.every(Number.isFinite)) return "it has non-finite entries";
  if (!(err <= tolerance)) return `‖mᵀm − I‖ = ${err.toExponential(2)} exceeds ${tolerance}`;
  return "its determinant is negative (a reflection)";
}

/**
 * Re-orthonormalizes a drifted rotation matrix by Gram–Schmidt on its columns:
 * keep the direction of the first column, remove from the second its part
 * along the first, remove from the third its parts along both, normalize each.
 *
 * The first column is trusted most; errors are pushed into the later columns
 * (chapter 07 compares this with a symmetric method). Orientation is kept:
 * a matrix with positive determinant stays a rotation.
 *
 * @throws RangeError if the columns are linearly dependent (no orthonormal basis to recover).
 * @example orthonormalityError(gramSchmidt([1, 0.01, 0, 0, 1, 0, 0, 0, 1])) < 1e-15
 */
export function gramSchmidt(m: Readonly<Mat3>): Mat3 {
  const e0 = normalize(column(m, 0), "mat3.gramSchmidt: column 0");
  const c1 = column(m, 1);
  const e1 = normalize(sub(c1, scale(e0, dot(c1, e0))), "mat3.gramSchmidt: column 1 (dependent on column 0)");
  const c2 = column(m, 2);
  const r2 = sub(sub(c2, scale(e0, dot(c2, e0))), scale(e1, dot(c2, e1)));
  const e2 = normalize(r2, "mat3.gramSchmidt: column 2 (dependent on columns 0 and 1)");
  return fromColumns(e0, e1, e2);
}

/**
 * The skew-symmetric "cross product matrix" `[v]×`, with `[v]× w = v × w`.
 * It is the building block of Rodrigues' formula.
 * @example transformVec3(crossMatrix([0, 0, 1]), [1, 0, 0]) // → [0, 1, 0]
 */
export function crossMatrix(v: Readonly<Vec3>): Mat3 {
  const [x, y, z] = v;
  return [0, z, -y, -z, 0, x, y, -x, 0];
}
