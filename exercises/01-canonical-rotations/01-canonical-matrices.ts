/**
 * Exercise 01.1 — Canonical rotation matrices (chapter 01, section 1).
 *
 * Write the three matrices that turn by `angleRad` about the X, Y and Z axes, by the right-hand rule.
 * Matrices are column-major `Mat3`: entry (row r, column c) is `m[3c + r]`, so the first three numbers
 * are the first column — the image of the X axis.
 */

import type { Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The rotation by `angleRad` about the X axis: Y turns towards Z.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationX(Math.PI / 2) // ≈ [1, 0, 0, 0, 0, 1, 0, -1, 0]
 */
export function rotationX(angleRad: number): Mat3 {
  // TODO: return the 9 numbers, column by column.
  throw new NotImplemented("rotationX");
}

/**
 * The rotation by `angleRad` about the Y axis: Z turns towards X.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationY(Math.PI / 2) // ≈ [0, 0, -1, 0, 1, 0, 1, 0, 0]
 */
export function rotationY(angleRad: number): Mat3 {
  // TODO: mind where the minus sign goes.
  throw new NotImplemented("rotationY");
}

/**
 * The rotation by `angleRad` about the Z axis: X turns towards Y.
 * @param angleRad - Angle in radians.
 * @returns The column-major 3×3 matrix.
 * @example rotationZ(Math.PI / 2) // ≈ [0, 1, 0, -1, 0, 0, 0, 0, 1]
 */
export function rotationZ(angleRad: number): Mat3 {
  // TODO
  throw new NotImplemented("rotationZ");
}
