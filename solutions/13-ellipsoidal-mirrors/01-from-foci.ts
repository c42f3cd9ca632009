/**
 * Exercise 13.1 — A prolate spheroid from its foci (chapter 13, section 1).
 *
 * Build the blog's mirror from two foci and the **full** minor axis: centre it between the foci, turn its
 * own z axis onto `f2 − f1`, and give it the semi-axes `[b, b, a]` with `b = minorAxis / 2` and
 * `a = √((d/2)² + b²)` for foci `d` apart (so the major axis `2a` is the sum of the distances from any
 * surface point to the two foci). Any rotation that takes local z onto the line of the foci is right:
 * the spin about that axis does not change the surface, and the checks compare surfaces (centre and the
 * quadric `R·diag(1/r²)·Rᵀ`), so any such rotation earns the points. Coincident foci give the sphere of
 * diameter `minorAxis`; foci with `f2 − f1` along −z must not give NaN. Do not use `ellipsoid` from
 * the library.
 */

import { type Vec3, quat, vec3 } from "../../lib/index.ts";
import type { Ellipsoid } from "../../lib/ellipsoid.ts";

/**
 * The prolate spheroid with foci `f1`, `f2` and full minor axis `minorAxis`, its long axis the local z axis.
 * @param f1 - The first focus (world units).
 * @param f2 - The second focus.
 * @param minorAxis - The full minor axis, > 0 (twice the short semi-axis).
 * @returns `{center, rotation, radii: [b, b, a]}`, `rotation` a unit quaternion taking local z onto ±(f2 − f1).
 * @example fromFoci([-50, 40, 0], [50, 70, 0], 100).radii // ≈ [50, 50, 72.284]
 */
export function fromFoci(f1: Vec3, f2: Vec3, minorAxis: number): Ellipsoid {
  const axis = vec3.sub(f2, f1);
  const b = minorAxis / 2;
  const a = Math.hypot(vec3.length(axis) / 2, b); // the half interfocal distance, not the whole
  // fromTwoVectors handles f2 − f1 along −z (a half turn); only coincident foci need the identity.
  const rotation = vec3.length(axis) === 0 ? quat.identity() : quat.fromTwoVectors([0, 0, 1], axis);
  return { center: vec3.lerp(f1, f2, 0.5), rotation, radii: [b, b, a] };
}
