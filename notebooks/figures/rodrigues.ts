/**
 * Rodrigues' formula drawn piece by piece (chapter 03, section 2).
 *
 * To turn r by θ about the unit axis n, split r into its part along the axis, r∥ = (n·r) n, which the turn
 * leaves alone, and its part across, r⊥ = r − r∥, which turns in the plane ⟂ n. With v = n × r⊥ (r⊥ turned
 * by 90°), the turned vector is r′ = r∥ + cos θ r⊥ + sin θ v. `axisAngle.rodriguesSteps` computes those
 * vectors; {@link rodriguesPieces} says where each arrow of the figure starts and ends, and traces the
 * circle the tip of r sweeps.
 */

import { type Vec3, type axisAngle, vec3 } from "../../lib/index.ts";

/** An arrow of the figure: where it starts and where it ends. */
export type Segment = [from: Vec3, to: Vec3];

/** Every piece of the drawing: the arrows by name, the tip's whole circle and the arc it travels. */
export interface RodriguesPieces {
  arrows: {
    /** The axis, from a little behind the origin to 1.6 along n. */
    axis: Segment;
    /** r itself, and its part r∥ along the axis, both from the origin. */
    r: Segment;
    parallel: Segment;
    /** r⊥, v, and cos θ r⊥, each from the tip of r∥ (the centre of the circle). */
    perpendicular: Segment;
    v: Segment;
    cosPart: Segment;
    /** sin θ v, from the tip of cos θ r⊥ to the tip of r′: the two parts add up to r′. */
    sinPart: Segment;
    /** r′, from the origin. */
    rotated: Segment;
  };
  /** The circle the tip of r sweeps in a whole turn (97 points, closed). */
  circle: Vec3[];
  /** The arc it travels for the turn by θ (49 points). */
  arc: Vec3[];
}

/** The tip of r after turning by φ: r∥ + cos φ r⊥ + sin φ v. */
export function rodriguesTip(steps: Readonly<axisAngle.RodriguesSteps>, phi: number): Vec3 {
  return vec3.add(
    steps.parallel,
    vec3.add(vec3.scale(steps.perpendicular, Math.cos(phi)), vec3.scale(steps.v, Math.sin(phi))),
  );
}

/**
 * Where each arrow of the figure goes for the turn of `r` by `theta` about the unit `axis`, given
 * `steps = axisAngle.rodriguesSteps(axis, theta, r)`.
 */
export function rodriguesPieces(
  steps: Readonly<axisAngle.RodriguesSteps>,
  axis: Readonly<Vec3>,
  r: Readonly<Vec3>,
  theta: number,
): RodriguesPieces {
  const o: Vec3 = [0, 0, 0];
  const p = steps.parallel;
  const cosPart = vec3.scale(steps.perpendicular, Math.cos(theta));
  return {
    arrows: {
      axis: [vec3.scale(axis, -0.4), vec3.scale(axis, 1.6)],
      r: [o, [...r] as Vec3],
      parallel: [o, p],
      perpendicular: [p, vec3.add(p, steps.perpendicular)],
      v: [p, vec3.add(p, steps.v)],
      cosPart: [p, vec3.add(p, cosPart)],
      sinPart: [vec3.add(p, cosPart), steps.rotated],
      rotated: [o, steps.rotated],
    },
    circle: Array.from({ length: 97 }, (_, i) => rodriguesTip(steps, (i / 96) * 2 * Math.PI)),
    arc: Array.from({ length: 49 }, (_, i) => rodriguesTip(steps, (i / 48) * theta)),
  };
}
