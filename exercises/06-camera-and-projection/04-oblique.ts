/**
 * Exercise 06.4 — Oblique projections: cavalier and cabinet (chapter 06, section 4).
 *
 * An oblique parallel projection draws the depth axis slanted on the page. As a matrix it is a shear
 * of camera space, applied before an orthographic projection: a point at depth `−z` in front of the view
 * plane moves by `depthScale · (−z)` along the screen direction `angle`:
 * `x' = x − depthScale·cos(angle)·z`, `y' = y − depthScale·sin(angle)·z`, `z' = z`.
 * Cavalier keeps depth at full length (`depthScale = 1`), cabinet halves it (`depthScale = 1/2`). Then
 * find the angle at which the projectors meet the view plane: 45° for cavalier, about 63.4° for cabinet.
 */

import type { Mat4 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The oblique shear.
 * @param angleRad - Screen direction in which depth is drawn, radians (often 30° or 45°).
 * @param depthScale - Drawn length of one unit of depth (1 cavalier, 0.5 cabinet, 0 orthographic).
 * @returns The column-major 4×4 matrix.
 * @example oblique(0, 1) // sends (0, 0, −1) to (1, 0, −1)
 */
export function oblique(angleRad: number, depthScale: number): Mat4 {
  // TODO: identity, except the z column (m[8], m[9]).
  throw new NotImplemented("oblique");
}

/**
 * The angle between the projectors and the view plane, for a depth scale.
 * @param depthScale - Drawn length of one unit of depth, `≥ 0`.
 * @returns The angle in radians: π/4 for cavalier (1), atan 2 ≈ 1.107 (63.4°) for cabinet (1/2), π/2 for 0.
 * @example projectorAngle(1) // Math.PI / 4
 */
export function projectorAngle(depthScale: number): number {
  // TODO: tan(angle) = 1 / depthScale — which form is safe at depthScale = 0?
  throw new NotImplemented("projectorAngle");
}
