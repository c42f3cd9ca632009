/**
 * fast-check generators for the property tests: unit vectors, angles,
 * unit quaternions, rotation matrices and Euler orders.
 */

import fc from "fast-check";
import { type EulerOrder, type Mat3, type Quat, type Vec3, euler, quat, vec3 } from "../../lib/index.ts";

/** Number of runs per property (fast-check's default is 100). */
export const RUNS = { numRuns: 300 } as const;

const coordinate = fc.double({ min: -1, max: 1, noNaN: true, noDefaultInfinity: true });

/** A non-degenerate vector with coordinates in [−10, 10]. */
export const vector: fc.Arbitrary<Vec3> = fc
  .tuple(coordinate, coordinate, coordinate)
  .filter((v) => vec3.length(v) > 1e-3)
  .map(([x, y, z]) => [10 * x, 10 * y, 10 * z] as Vec3);

/** A unit vector. */
export const unitVector: fc.Arbitrary<Vec3> = vector.map((v) => vec3.normalize(v));

/** An angle in [−π, π]. */
export const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });

/** A unit quaternion (from a random axis and angle in [−2π, 2π], so both signs of w occur). */
export const unitQuat: fc.Arbitrary<Quat> = fc
  .tuple(unitVector, fc.double({ min: -2 * Math.PI, max: 2 * Math.PI, noNaN: true }))
  .map(([axis, a]) => quat.fromAxisAngle(axis, a));

/** A rotation matrix. */
export const rotation: fc.Arbitrary<Mat3> = unitQuat.map((q) => quat.toMat3(q));

/** One of the 12 Euler orders. */
export const eulerOrder: fc.Arbitrary<EulerOrder> = fc.constantFrom(...euler.ORDERS);

/** Intrinsic or extrinsic. */
export const eulerFrame = fc.constantFrom("intrinsic" as const, "extrinsic" as const);
