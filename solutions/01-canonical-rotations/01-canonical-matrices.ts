/**
 * Exercise 01.1 — Canonical rotation matrices (chapter 01, section 1).
 *
 * Write the three matrices that turn by `angleRad` about the X, Y and Z axes, by the right-hand rule.
 * Matrices are column-major `Mat3`: entry (row r, column c) is `m[3c + r]`, so the first three numbers
 * are the first column — the image of the X axis.
 */

import type { Mat3 } from "../../lib/index.ts";

/**
 * The rotation by `angleRad` about the X axis: Y turns towards Z.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationX(Math.PI / 2) // ≈ [1, 0, 0, 0, 0, 1, 0, -1, 0]
 */
export function rotationX(angleRad: number): Mat3 {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  // Column by column: X stays; Y goes to (0, c, s); Z goes to (0, −s, c).
  return [1, 0, 0, 0, c, s, 0, -s, c];
}

/**
 * The rotation by `angleRad` about the Y axis: Z turns towards X.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationY(Math.PI / 2) // ≈ [0, 0, -1, 0, 1, 0, 1, 0, 0]
 */
export function rotationY(angleRad: number): Mat3 {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  // X goes to (c, 0, −s): the minus sign sits below the diagonal because Z turns towards X.
  return [c, 0, -s, 0, 1, 0, s, 0, c];
}

/**
 * The rotation by `angleRad` about the Z axis: X turns towards Y.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationZ(Math.PI / 2) // ≈ [0, 1, 0, -1, 0, 0, 0, 0, 1]
 */
export function rotationZ(angleRad: number): Mat3 {
  const c = Math.cos(angleRad);
  const s = Math.sin(angleRad);
  return [c, s, 0, -s, c, 0, 0, 0, 1];
}
