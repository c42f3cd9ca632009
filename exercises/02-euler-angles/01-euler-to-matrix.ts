/**
 * Exercise 02.1 — Euler angles to a matrix, any order and frame (chapter 02, sections 1–2).
 *
 * Build the rotation matrix of three Euler angles for any of the 12 orders, read intrinsically (the
 * axes move with the body: `R = R_A(a0) · R_B(a1) · R_C(a2)` for order "ABC") or extrinsically (fixed
 * world axes: `R = R_C(a2) · R_B(a1) · R_A(a0)`). You may use `mat3.rotationX/Y/Z` and `mat3.multiply`
 * from the library — but not `euler`.
 */

import type { EulerAngles, EulerFrame, EulerOrder, Mat3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The rotation matrix of Euler angles.
 * @param angles - `[a0, a1, a2]` in radians; `a_i` turns about axis `order[i]`.
 * @param order - Three letters over X, Y, Z, e.g. "ZYX" or "ZXZ" (any of the 12 orders).
 * @param frame - "intrinsic" (moving axes) or "extrinsic" (fixed axes).
 * @returns The column-major rotation matrix.
 * @example eulerToMatrix([0.3, -0.2, 1.1], "XYZ", "extrinsic") // = Rz(1.1)·Ry(−0.2)·Rx(0.3), the lecture's
 */
export function eulerToMatrix(angles: EulerAngles, order: EulerOrder, frame: EulerFrame): Mat3 {
  // TODO: three canonical matrices, multiplied in the order the frame says.
  throw new NotImplemented("eulerToMatrix");
}
