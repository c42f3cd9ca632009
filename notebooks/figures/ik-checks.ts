/**
 * The checks behind chapter 10's facts 10.1–10.3, each a small experiment on the library's solvers
 * (lib/ik.ts) that returns the worst number it met, for the chapter's table to compare with its bound:
 * out of reach the chain lies straight towards the target; within reach both solvers arrive and keep every
 * bone's length; with hinges every joint turns only about its axis and stays within its limits.
 */

import { type Quat, type Vec3, ik, random, vec3 } from "../../lib/index.ts";
import type { IkArm } from "./ik-direction.ts";

/** The largest angle (rad) between a bone of the chain `p` (base first) and the direction `toward`. */
function worstBend(p: readonly Readonly<Vec3>[], toward: Readonly<Vec3>): number {
  return Math.max(...p.slice(1).map((q, i) => vec3.angleBetween(vec3.sub(q, p[i]!), toward)));
}

/**
 * Fact 10.1: a chain based at the origin, from the pose `start`, asked for targets beyond its reach. Both
 * CCD (200 sweeps) and FABRIK (its defaults) should end |t| − L short, every bone pointing at the target.
 * Returns, over the targets and both solvers, the largest gap from |t| − L and the largest bone angle (rad).
 */
export function outOfReachCheck(
  joints: readonly ik.Joint[],
  start: readonly Quat[],
  targets: readonly Vec3[],
): { shortfallOff: number; bend: number } {
  const reach = joints.reduce((sum, j) => sum + j.length, 0);
  let shortfallOff = 0;
  let bend = 0;
  for (const target of targets) {
    const c = ik.ccd([0, 0, 0], joints, start, target, { maxIterations: 200 });
    const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], joints, start), target);
    const short = vec3.length(target) - reach;
    shortfallOff = Math.max(shortfallOff, Math.abs(c.error - short), Math.abs(f.error - short));
    bend = Math.max(bend, worstBend(c.positions, target), worstBend(f.positions, target));
  }
  return { shortfallOff, bend };
}

/**
 * Fact 10.2: `count` random targets within reach (a random direction, 0.3 to 2.8 from the origin, drawn
 * from `rng`; sized for three unit bones), each solved by CCD and FABRIK to 1e-6 in at most 5000
 * iterations from `start`. Returns the worst tip error and the worst change of a bone's length from 1.
 */
export function reachableCheck(
  joints: readonly ik.Joint[],
  start: readonly Quat[],
  rng: random.Rng,
  count = 30,
): { worst: number; lengthDrift: number } {
  let worst = 0;
  let lengthDrift = 0;
  for (let k = 0; k < count; k++) {
    const t = vec3.scale(random.unitVector(rng), random.uniform(rng, 0.3, 2.8));
    const c = ik.ccd([0, 0, 0], joints, start, t, { maxIterations: 5000, tolerance: 1e-6 });
    const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], joints, start), t, { maxIterations: 5000, tolerance: 1e-6 });
    worst = Math.max(worst, c.error, f.error);
    lengthDrift = Math.max(
      lengthDrift,
      ...[c, f].flatMap((r) => ik.boneLengths(r.positions).map((l) => Math.abs(l - 1))),
    );
  }
  return { worst, lengthDrift };
}

/**
 * Fact 10.3: the hinged `arm` solved by CCD (50 sweeps from `start`) for `count` targets spread around its
 * first joint. Returns the largest part of a joint's rotation off its hinge axis (the vector part ⟂ the
 * axis) and the largest excess of a hinge angle over its limits (rad; 0 when every joint is within them).
 */
export function hingeCheck(arm: IkArm, start: readonly Quat[], count = 20): { offHinge: number; pastLimit: number } {
  let offHinge = 0;
  let pastLimit = 0;
  for (let k = 0; k < count; k++) {
    const t = vec3.add(arm.origin, [60 * Math.cos(k), 40 * Math.sin(2 * k), 50 * Math.sin(k)]);
    const r = ik.ccd(arm.origin, arm.joints, start, t, { maxIterations: 50 });
    r.rotations!.forEach((q, i) => {
      const j = arm.joints[i]!;
      const h = vec3.normalize(j.hinge!);
      const v: Vec3 = [q[0], q[1], q[2]];
      offHinge = Math.max(offHinge, vec3.length(vec3.sub(v, vec3.scale(h, vec3.dot(v, h)))));
      const a = ik.hingeAngle(q, h);
      pastLimit = Math.max(pastLimit, j.limits![0] - a, a - j.limits![1]);
    });
  }
  return { offHinge, pastLimit };
}
