/**
 * Gimbal lock, measured (chapter 02, sections 4–6).
 *
 * Three Euler angles (a₀, a₁, a₂) in an order ABC turn about three axes; their directions, the gimbal's
 * axles, are the columns of the angle-rate Jacobian J (`euler.angleRateJacobian`). The middle axle is
 * always perpendicular to the other two, but the first and the last swing with the middle angle a₁, and at
 * a₁ = ±90° (Tait–Bryan orders) or 0°, 180° (proper Euler orders, A = C) they lie on one line: **gimbal
 * lock**. There only one combination of a₀ and a₂ still changes the rotation — their sum or their
 * difference — and the smallest singular value of J, σ_min = √(1 − |c|) with c the cosine between the first
 * and last axles, is 0. These helpers compute the numbers the chapter's gimbal and plots show.
 */

import {
  type EulerAngles,
  type EulerFrame,
  type EulerOrder,
  type Mat3,
  type Vec3,
  euler,
  quat,
  random,
  scalar,
  vec3,
} from "../../lib/index.ts";

const maxDiff = (a: Readonly<Mat3>, b: Readonly<Mat3>) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

/** The angle between the lines along `a` and `b`, in degrees (0°…90°): 0° when the axles line up, either way round. */
export function lineAngleDeg(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return scalar.radToDeg(Math.min(vec3.angleBetween(a, b), vec3.angleBetween(a, vec3.scale(b, -1))));
}

/** The lock nearest to a pose, and what the outer two angles still do there. */
export interface NearestLock {
  /** The middle angle of the lock, in degrees: ±90° for a Tait–Bryan order, 0° or 180° for a proper Euler one. */
  middle: number;
  /**
   * "same": the first and last angles turn the body in the same sense, so only a₀ + a₂ matters (+20° on one is
   * undone by −20° on the other); "opposite": only a₀ − a₂ matters (+20° on both changes nothing);
   * undefined: neither (not reached for a true lock).
   */
  sense: "same" | "opposite" | undefined;
}

/**
 * The lock nearest to the angles `[a₀, a₁, a₂]` (degrees) in `order` and `frame`: the middle angle moved to
 * the nearest lock value, and which combination of the outer angles survives there, found by trying a test
 * turn of 20° on both outer angles, in the same and in opposite directions.
 */
export function nearestLock(
  [a0, a1, a2]: readonly [number, number, number],
  order: EulerOrder,
  frame: EulerFrame,
): NearestLock {
  const middle = euler.isProperEuler(order) ? (Math.abs(a1) < 90 ? 0 : 180) : a1 >= 0 ? 90 : -90;
  const deg = scalar.degToRad;
  const at = (d0: number, d2: number) => euler.toMat3([deg(a0 + d0), deg(middle), deg(a2 + d2)], order, frame);
  const unchanged = (m: Mat3) => maxDiff(m, at(0, 0)) < 1e-12;
  return { middle, sense: unchanged(at(20, -20)) ? "same" : unchanged(at(20, 20)) ? "opposite" : undefined };
}

/** One point of the singular-value plot: σ (`which` of the three) at middle angle `middle` (degrees). */
export interface SigmaRow {
  middle: number;
  sigma: number;
  which: "σ₁ (largest)" | "σ₂" | "σ₃ = σ_min";
}

/** The three singular values of J for every whole middle angle from −180° to 180°, the outer angles 0 (they do not change σ). */
export function singularValueRows(order: EulerOrder, frame: EulerFrame): SigmaRow[] {
  return Array.from({ length: 361 }, (_, k) => k - 180).flatMap((d) => {
    const s = euler.angleRateSingularValues([0, scalar.degToRad(d), 0], order, frame);
    return [
      { middle: d, sigma: s[0], which: "σ₁ (largest)" as const },
      { middle: d, sigma: s[1], which: "σ₂" as const },
      { middle: d, sigma: s[2], which: "σ₃ = σ_min" as const },
    ];
  });
}

/**
 * Matrix → angles → matrix (`euler.fromMat3`, then `euler.toMat3`) for all 12 orders and both frames: at each
 * lock, 1e-3 rad either side of it, and `randomPerFrame` random rotations drawn from `rng`. Returns the
 * largest entry error of the matrix that comes back and how many round trips were made. At lock the angles
 * that come back differ from the ones put in (infinitely many triples fit); the matrix must not.
 */
export function roundTripNearLock(rng: random.Rng, randomPerFrame = 20): { worst: number; count: number } {
  let worst = 0;
  let count = 0;
  const check = (r: Mat3, order: EulerOrder, frame: EulerFrame) => {
    worst = Math.max(worst, maxDiff(euler.toMat3(euler.fromMat3(r, order, frame), order, frame), r));
    count++;
  };
  for (const order of euler.ORDERS) {
    for (const frame of ["intrinsic", "extrinsic"] as const) {
      const locks = euler.isProperEuler(order) ? [0, Math.PI] : [Math.PI / 2, -Math.PI / 2];
      for (const lock of locks)
        for (const off of [0, 1e-3, -1e-3])
          check(euler.toMat3([0.9, lock + off, -2.2] as EulerAngles, order, frame), order, frame);
      for (let k = 0; k < randomPerFrame; k++) check(quat.toMat3(random.unitQuat(rng)), order, frame);
    }
  }
  return { worst, count };
}
