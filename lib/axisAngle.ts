/**
 * Axis–angle: a rotation as a unit axis `n` and an angle `θ` about it,
 * `R(θ, n)` — four numbers for three degrees of freedom, because `n` must
 * have length 1. Positive `θ` turns counter-clockwise looking down `n`
 * towards the origin (right-hand rule). Angles are in radians.
 *
 * Rodrigues' formula rotates a vector `r` in three steps:
 *   - `r∥ = (n·r) n` — the part along the axis, which does not move;
 *   - `r⊥ = r − r∥` — the part in the plane of rotation, which turns by θ;
 *   - `v = n × r⊥` — `r⊥` turned a quarter turn in that plane;
 * and `r' = r∥ + cos θ r⊥ + sin θ v = cos θ r + (1 − cos θ)(n·r) n + sin θ (n × r)`.
 *
 * @module axisAngle
 */

import * as mat3 from "./mat3.ts";
import type { Mat3 } from "./mat3.ts";
import { assertFinite } from "./scalar.ts";
import { type Vec3, add, cross, dot, length, normalize, scale, sub } from "./vec3.ts";

/** A rotation as a unit axis and an angle in radians. */
export interface AxisAngle {
  /** Unit axis. */
  axis: Vec3;
  /** Angle in radians. */
  angle: number;
}

/**
 * The rotation matrix of `θ` about `axis` (Rodrigues):
 * `R = cos θ I + (1 − cos θ) n nᵀ + sin θ [n]×`.
 * @param axis - Rotation axis; normalized here, so any non-zero length works.
 * @param angleRad - Angle in radians.
 * @throws RangeError if `axis` has zero length or a non-finite component, or `angleRad` is NaN or infinite.
 * @example toMat3([0, 0, 1], Math.PI / 2) // ≈ mat3.rotationZ(Math.PI / 2)
 */
export function toMat3(axis: Readonly<Vec3>, angleRad: number): Mat3 {
  const [x, y, z] = normalize(axis, "axisAngle.toMat3: axis");
  assertFinite(angleRad, "axisAngle.toMat3: angleRad");
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  const t = 1 - c;
  // prettier-ignore
  return [
    c + t * x * x,     t * x * y + s * z, t * x * z - s * y,
    t * x * y - s * z, c + t * y * y,     t * y * z + s * x,
    t * x * z + s * y, t * y * z - s * x, c + t * z * z,
  ];
}

/**
 * Rotates `v` by `θ` about `axis` with Rodrigues' formula, step by step
 * (`r∥`, `r⊥`, `v = n × r⊥`, then `r∥ + cos θ r⊥ + sin θ v`).
 * @param axis - Rotation axis, any non-zero length.
 * @param angleRad - Angle in radians.
 * @param v - The vector to rotate.
 * @throws RangeError if `axis` has zero length or a non-finite component, or `angleRad` is NaN or infinite.
 * @example rotateVec3([0, 0, 1], Math.PI / 2, [1, 0, 0]) // ≈ [0, 1, 0]
 */
export function rotateVec3(axis: Readonly<Vec3>, angleRad: number, v: Readonly<Vec3>): Vec3 {
  const n = normalize(axis, "axisAngle.rotateVec3: axis");
  return rodriguesSteps(n, assertFinite(angleRad, "axisAngle.rotateVec3: angleRad"), v).rotated;
}

/** The intermediate vectors of Rodrigues' construction, for figures and teaching. */
export interface RodriguesSteps {
  /** The unit axis `n`. */
  n: Vec3;
  /** `r∥ = (n·r) n`, the part of `r` along the axis. */
  parallel: Vec3;
  /** `r⊥ = r − r∥`, the part of `r` in the plane of rotation. */
  perpendicular: Vec3;
  /** `v = n × r⊥`, `r⊥` turned by 90° about `n`. */
  v: Vec3;
  /** `r' = r∥ + cos θ r⊥ + sin θ v`. */
  rotated: Vec3;
}

/**
 * Rodrigues' construction with its intermediate vectors (`r∥`, `r⊥`, `v`, `r'`),
 * the pieces chapter 03 draws.
 * @param axis - Rotation axis, any non-zero length.
 * @param angleRad - Angle in radians.
 * @param r - The vector to rotate.
 * @throws RangeError if `axis` has zero length or a non-finite component, or `angleRad` is NaN or infinite.
 * @example rodriguesSteps([0, 0, 1], 0, [1, 0, 1]).parallel // → [0, 0, 1]
 */
export function rodriguesSteps(axis: Readonly<Vec3>, angleRad: number, r: Readonly<Vec3>): RodriguesSteps {
  const n = normalize(axis, "axisAngle.rodriguesSteps: axis");
  assertFinite(angleRad, "axisAngle.rodriguesSteps: angleRad");
  const parallel = scale(n, dot(n, r));
  const perpendicular = sub(r, parallel);
  const v = cross(n, perpendicular);
  const rotated = add(parallel, add(scale(perpendicular, Math.cos(angleRad)), scale(v, Math.sin(angleRad))));
  return { n, parallel, perpendicular, v, rotated };
}

/**
 * Recovers axis and angle from a rotation matrix, with `angle` in [0, π].
 *
 * The trace gives `1 + 2 cos θ` and the skew part `R − Rᵀ` gives `2 sin θ [n]×`,
 * so `θ = atan2(|skew|, trace − 1)` is accurate at every angle. The axis:
 *   - for θ ≤ π/2, from the skew part (it is `2 sin θ n`);
 *   - near π the skew part vanishes, so the axis comes from the symmetric part
 *     `R + Rᵀ = 2 cos θ I + 2(1 − cos θ) n nᵀ` (largest diagonal first), with
 *     its sign taken from the skew part where that is not zero.
 *
 * Edge cases: at θ = 0 every axis is correct and `[1, 0, 0]` is returned;
 * at θ = π, `n` and `−n` are the same rotation and either may be returned.
 *
 * @param m - A rotation matrix (orthonormal, determinant +1). Drift up to
 *   `mat3.ROTATION_TOLERANCE` (‖mᵀm − I‖ ≤ 1e-4) is accepted: the answer is the rotation nearby.
 * @returns `{axis, angle}` with a unit axis and `angle` in [0, π] radians.
 * @throws RangeError if `m` is not a rotation: non-finite entries, further than
 *   `mat3.ROTATION_TOLERANCE` from orthonormal, or a reflection (determinant −1).
 * @example fromMat3(mat3.rotationY(2)) // → { axis: [0, 1, 0], angle: 2 } (to rounding)
 */
export function fromMat3(m: Readonly<Mat3>): AxisAngle {
  mat3.assertRotation(m, "axisAngle.fromMat3: m");
  const skew: Vec3 = [m[5] - m[7], m[6] - m[2], m[1] - m[3]]; // 2 sin θ · n
  const sin2 = length(skew); // 2 sin θ ≥ 0
  const cos2 = m[0] + m[4] + m[8] - 1; // 2 cos θ
  const angle = Math.atan2(sin2, cos2);
  if (sin2 === 0 && cos2 > 0) return { axis: [1, 0, 0], angle: 0 };
  if (cos2 >= 0) return { axis: scale(skew, 1 / sin2), angle };
  // θ > π/2: n nᵀ = (R + Rᵀ − 2 cos θ I) / (2 (1 − cos θ)); start from the largest n_i².
  const c = cos2 / 2;
  const k = 1 / (1 - c);
  const diag = [m[0], m[4], m[8]];
  const i = diag[0]! >= diag[1]! && diag[0]! >= diag[2]! ? 0 : diag[1]! >= diag[2]! ? 1 : 2;
  const ni = Math.sqrt(Math.max(0, (diag[i]! - c) * k));
  const axis: Vec3 = [0, 0, 0];
  axis[i] = ni;
  for (let j = 0; j < 3; j++) {
    if (j !== i) axis[j] = ((mat3.get(m, i, j) + mat3.get(m, j, i)) * k) / (2 * ni);
  }
  const oriented = dot(axis, skew) < 0 ? scale(axis, -1) : axis;
  return { axis: normalize(oriented, "axisAngle.fromMat3: m (not a rotation)"), angle };
}

/** The lecture's construction of a rotation about an arbitrary axis from canonical rotations. */
export interface CanonicalConstruction {
  /** Angle about Y (radians) that brings the axis into the YZ plane. */
  angleY: number;
  /** Angle about X (radians) that then brings it onto +Z. */
  angleX: number;
  /** Step 1: `Ry(angleY)`. */
  ry: Mat3;
  /** Step 2: `Rx(angleX)`. */
  rx: Mat3;
  /** Step 3: `Rz(θ)`, the rotation itself, about the axis now lying on +Z. */
  rz: Mat3;
  /** Step 4: `Rx⁻¹ = Rxᵀ`, undoing step 2. */
  rxInverse: Mat3;
  /** Step 5: `Ry⁻¹ = Ryᵀ`, undoing step 1. */
  ryInverse: Mat3;
  /** `Ry⁻¹ · Rx⁻¹ · Rz(θ) · Rx · Ry` — equal to {@link toMat3}`(axis, θ)`. */
  product: Mat3;
}

/**
 * Rotation by `θ` about an arbitrary `axis` built only from canonical
 * rotations, as in the lecture: `p' = Ry⁻¹ · Rx⁻¹ · Rz(θ) · Rx · Ry · p`.
 *
 * 1. Rotate about Y until the axis lies in the YZ plane. Projecting the unit
 *    axis `(x, y, z)` onto the XZ plane gives `(x, 0, z)`;
 *    `angleY = atan2(−x, z)` turns it onto +Z, leaving `(0, y, √(x² + z²))`.
 * 2. Rotate about X by `angleX = atan2(y, √(x² + z²))` so the axis lies on +Z.
 * 3. Rotate by θ about Z. 4–5. Undo steps 2 and 1 with transposes.
 *
 * Edge case: for an axis along ±Y the projection onto XZ is zero; there is
 * nothing to do in step 1, `angleY = 0`, and `angleX = ±π/2` does all the work.
 *
 * @param axis - Rotation axis, any non-zero length.
 * @param angleRad - Angle in radians.
 * @throws RangeError if `axis` has zero length or a non-finite component, or `angleRad` is NaN or infinite.
 * @example viaCanonicalRotations([0, 1, 0], 1).angleX === Math.PI / 2
 */
export function viaCanonicalRotations(axis: Readonly<Vec3>, angleRad: number): CanonicalConstruction {
  const [x, y, z] = normalize(axis, "axisAngle.viaCanonicalRotations: axis");
  assertFinite(angleRad, "axisAngle.viaCanonicalRotations: angleRad");
  const xz = Math.hypot(x, z);
  const angleY = xz === 0 ? 0 : Math.atan2(-x, z);
  const angleX = Math.atan2(y, xz);
  const ry = mat3.rotationY(angleY);
  const rx = mat3.rotationX(angleX);
  const rz = mat3.rotationZ(angleRad);
  const rxInverse = mat3.transpose(rx);
  const ryInverse = mat3.transpose(ry);
  const product = mat3.multiply(ryInverse, mat3.multiply(rxInverse, mat3.multiply(rz, mat3.multiply(rx, ry))));
  return { angleY, angleX, ry, rx, rz, rxInverse, ryInverse, product };
}
