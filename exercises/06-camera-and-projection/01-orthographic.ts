/**
 * Exercise 06.1 — The orthographic projection (chapter 06, sections 4 and 5).
 *
 * Build the matrix that maps the box `[left, right] × [bottom, top] × [−far, −near]` of camera space onto
 * the NDC cube `[−1, 1]³`: x from `left → −1` to `right → +1`, y from `bottom → −1` to `top → +1`, and
 * depth from `z = −near → −1` to `z = −far → +1` (OpenGL's range). The camera looks down −Z, so `near`
 * and `far` are distances. The matrix only scales and translates each axis. Write it out yourself — do
 * not call `projection.orthographic`.
 */

import type { Mat4 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The orthographic projection of a box onto NDC, depth −1..1 (glOrtho).
 * @param left - x of the left plane (camera units).
 * @param right - x of the right plane, `≠ left`.
 * @param bottom - y of the bottom plane.
 * @param top - y of the top plane, `≠ bottom`.
 * @param near - Distance to the near plane (may be zero or negative).
 * @param far - Distance to the far plane, `≠ near`.
 * @returns The column-major 4×4 matrix.
 * @example orthographic(-1, 1, -1, 1, 1, 3) // sends the point (1, 1, −1) to (1, 1, −1), and (0, 0, −3) to (0, 0, 1)
 */
export function orthographic(
  left: number,
  right: number,
  bottom: number,
  top: number,
  near: number,
  far: number,
): Mat4 {
  // TODO: scale each axis to a length of 2, then translate the box centre to 0. Watch the sign of the z scale.
  throw new NotImplemented("orthographic");
}
