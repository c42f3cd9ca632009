/**
 * Exercise 04.8 — The virtual trackball (chapter 04, section 8).
 *
 * Turn an object by dragging it with the mouse, as Shoemake's arcball (1992) does. Screen points are
 * normalized: `[x, y]` with the canvas centre at (0, 0), y up, and 1 half the canvas's shorter side;
 * the ball has radius 1. Write three functions:
 *
 * 1. `ballPoint([x, y])`: the unit vector on the virtual ball under a screen point, by Bell's mapping
 *    (the course's, and `lib/trackball.ts`'s): with d = √(x² + y²), inside the rim (d ≤ 1/√2) lift the
 *    point onto the unit sphere, z = √(1 − d²); outside it onto the hyperbola z = 1/(2d), and normalize
 *    (x, y, z). The two meet at the rim with the same height and slope, so every point of the plane —
 *    also far off the canvas, where a captured pointer can go — maps, continuously. (Shoemake's paper
 *    projects outside points onto the silhouette instead, (x, y, 0)/d; this exercise asks for Bell's.)
 * 2. `arcball(press, current)`: the rotation of a drag from the press point to the current point,
 *    `q = p₁·p₀*` of the two ball points as pure quaternions `(p, 0)` — twice the angle between them.
 * 3. `dragOrientation(start, path)`: the orientation after a whole drag, `path[0]` the press and
 *    `path[path.length − 1]` where the pointer is now, for an object that was at `start` when the
 *    button went down. The drag's rotation acts in view coordinates: after `start`.
 *
 * Library: `scalar`, `vec3`, and `quat.multiply`, `quat.conjugate`, `quat.normalize` and
 * `quat.identity` — not `trackball` (the answer itself).
 */

import type { Quat, Vec3 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/** A normalized screen point: centre (0, 0), y up, 1 = half the canvas's shorter side. */
export type ScreenPoint = [number, number];

/**
 * The unit vector on the ball (radius 1) under a screen point, by Bell's mapping.
 * @param point - A normalized screen point `[x, y]`: any a pointer can reach, far off the canvas too (the
 *   checks go out to 1000 half-canvases; nothing asks for 1e200, where x² alone overflows).
 * @returns A unit vector `[x, y, z]` with z > 0, in view coordinates (z toward the viewer).
 * @example ballPoint([0.3, 0.4]) // ≈ [0.3, 0.4, 0.866]   ballPoint([1, 0]) // ≈ [0.894, 0, 0.447]
 */
export function ballPoint(point: ScreenPoint): Vec3 {
  // TODO: the sphere z = √(1 − d²) inside d ≤ 1/√2, the hyperbola z = 1/(2d) outside — then a unit vector.
  throw new NotImplemented("ballPoint");
}

/**
 * The arcball rotation of a drag: `p₁·p₀*` of the ball points as pure quaternions.
 * @param press - Where the button went down (normalized screen point).
 * @param current - Where the pointer is now (normalized screen point).
 * @returns A unit quaternion: about p₀ × p₁ by twice the angle between p₀ and p₁; the identity for a drag of zero length.
 * @example arcball([0, 0], [0.5, 0]) // ≈ [0, 0.5, 0, 0.866]  (60° about +Y: the points are 30° apart)
 */
export function arcball(press: ScreenPoint, current: ScreenPoint): Quat {
  // TODO: map both points onto the ball, then multiply (p₁, 0) by the conjugate of (p₀, 0).
  throw new NotImplemented("arcball");
}

/**
 * The orientation after an arcball drag.
 * @param start - The object's orientation when the button went down (unit quaternion).
 * @param path - The pointer positions, the press first (at least one).
 * @returns `arcball(path[0], path[last]) · start`: only the two ends matter.
 * @example dragOrientation([0, 0, 0, 1], [[0, 0], [0.5, 0], [0, 0]]) // ≈ [0, 0, 0, 1]: a closed drag returns
 */
export function dragOrientation(start: Quat, path: ScreenPoint[]): Quat {
  // TODO: the drag's rotation, applied after start (view coordinates).
  throw new NotImplemented("dragOrientation");
}
