/**
 * Inverse kinematics with a direction as well as a point (chapter 10, section 7, after the blog's "Bonus:
 * Direction"): the last joints turn the last bone onto a wanted direction while the first joints bring the
 * tip onto the target, sweep after sweep — and, when that gets stuck, random kicks (simulated annealing).
 *
 * An arm is the library's `{ origin, joints }` (lib/ik.ts, e.g. `ik.BLOG_ARM`); rotations are the joints'
 * local quaternions, as `ik.ccd` takes them.
 */

import { type Quat, type Vec3, ik, quat, random, vec3 } from "../../lib/index.ts";

/** An arm: where its first joint sits, and its joints (hinges, limits, bone lengths). */
export interface IkArm {
  readonly origin: Vec3;
  readonly joints: readonly ik.Joint[];
}

/** The unit direction of the last bone of the joint positions `p` (base first, tip last). */
export function lastBoneDirection(p: readonly Readonly<Vec3>[]): Vec3 {
  return vec3.normalize(vec3.sub(p[p.length - 1]!, p[p.length - 2]!));
}

/** The tip and last-bone direction of `arm` in the pose `rotations`: a goal a solver can be asked to reach. */
export function armGoal(arm: IkArm, rotations: readonly Quat[]): { target: Vec3; direction: Vec3 } {
  const p = ik.forwardKinematics(arm.origin, arm.joints, rotations);
  return { target: p.at(-1)!, direction: lastBoneDirection(p) };
}

/**
 * One sweep of the blog's direction solve, from the last joint to the first: each of the joints from
 * `positionJoints` on turns the last bone straight onto `direction` (the turn is in world space, so it is
 * seen from the joint's parent frame, then held on the hinge and in the limits); the first `positionJoints`
 * joints take an ordinary CCD step towards `target`.
 */
export function directionSweep(
  arm: IkArm,
  rotations: readonly Quat[],
  target: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  positionJoints = 3,
): Quat[] {
  const { origin, joints } = arm;
  let r = rotations.slice();
  for (let i = joints.length - 1; i >= 0; i--) {
    if (i < positionJoints) {
      r = ik.ccdJointStep(origin, joints, r, i, target);
      continue;
    }
    const turn = quat.fromTwoVectors(lastBoneDirection(ik.forwardKinematics(origin, joints, r)), direction);
    const parent = ik.jointFrames(r)[i - 1]!;
    r = r.slice();
    r[i] = ik.constrainToHinge(
      quat.multiply(quat.multiply(quat.conjugate(parent), quat.multiply(turn, parent)), r[i]!),
      joints[i]!,
    );
  }
  return r;
}

/** Errors after a sweep: the tip's distance from the target, the last bone's angle from the direction (rad). */
export interface DirectionErrors {
  tip: number;
  dir: number;
}

/** A direction solve: the final pose, the sweeps it took, each sweep's errors (the start first) and the last ones. */
export interface DirectionSolve extends DirectionErrors {
  rotations: Quat[];
  sweeps: number;
  trace: DirectionErrors[];
}

/**
 * Sweeps ({@link directionSweep}) from `start` (first held on each hinge and in its limits) until the tip is
 * within 1e-7 of `target` and the last bone within 1e-7 rad of `direction`, or `maxSweeps` have run.
 */
export function solveWithDirection(
  arm: IkArm,
  start: readonly Quat[],
  target: Readonly<Vec3>,
  direction: Readonly<Vec3>,
  maxSweeps = 3000,
): DirectionSolve {
  const { origin, joints } = arm;
  let r = start.map((q, i) => ik.constrainToHinge(q, joints[i]!));
  const measure = (): DirectionErrors => {
    const p = ik.forwardKinematics(origin, joints, r);
    return { tip: vec3.distance(p.at(-1)!, target), dir: vec3.angleBetween(lastBoneDirection(p), direction) };
  };
  const trace = [measure()];
  while (trace.length - 1 < maxSweeps && (trace.at(-1)!.tip > 1e-7 || trace.at(-1)!.dir > 1e-7)) {
    r = directionSweep(arm, r, target, direction);
    trace.push(measure());
  }
  return { rotations: r, sweeps: trace.length - 1, trace, ...trace.at(-1)! };
}

/**
 * Simulated annealing, as simple as it gets: while `solve` has not reached both goals to 1e-6, kick every
 * hinge of its pose by a random angle in ±1 rad (drawn from `rng`) and solve again from there, at most
 * `maxKicks` times. Returns the last solve, the kicks taken and every solve, `solve` first.
 */
export function annealDirection(
  arm: IkArm,
  solve: DirectionSolve,
  goal: { target: Vec3; direction: Vec3 },
  rng: random.Rng,
  maxKicks = 30,
): { annealed: DirectionSolve; kicks: number; attempts: DirectionSolve[] } {
  let annealed = solve;
  let kicks = 0;
  const attempts = [solve];
  while ((annealed.tip > 1e-6 || annealed.dir > 1e-6) && kicks < maxKicks) {
    const kicked = annealed.rotations.map((q, i) =>
      quat.multiply(q, quat.fromAxisAngle(arm.joints[i]!.hinge!, random.uniform(rng, -1, 1))),
    );
    annealed = solveWithDirection(arm, kicked, goal.target, goal.direction);
    attempts.push(annealed);
    kicks++;
  }
  return { annealed, kicks, attempts };
}

/** One point of the direction chart: after sweep `k`, the error `value` of the run `run`. */
export interface DirectionRow<L extends string> {
  k: number;
  value: number;
  run: L;
}

/**
 * The rows of chapter 10's direction chart, each error floored at 1e-12 for the log scale: the tip and
 * direction errors of a direction solve after each sweep (`labels[0]`, `labels[1]`), the tip error of the
 * position-only CCD after each sweep (`labels[2]`, its errors start after the first sweep), and the
 * position-only solve's direction error, which the solve never looks at, drawn flat from 0 to the last
 * sweep (`labels[3]`).
 */
export function directionRunRows<L extends string>(
  solve: DirectionSolve,
  positionOnlyErrors: readonly number[],
  positionOnlyOffRad: number,
  labels: readonly [L, L, L, L],
): DirectionRow<L>[] {
  return [
    ...solve.trace.flatMap((e, k) => [
      { k, value: Math.max(e.tip, 1e-12), run: labels[0] },
      { k, value: Math.max(e.dir, 1e-12), run: labels[1] },
    ]),
    ...positionOnlyErrors.map((e, k) => ({ k: k + 1, value: Math.max(e, 1e-12), run: labels[2] })),
    { k: 0, value: positionOnlyOffRad, run: labels[3] },
    { k: solve.sweeps, value: positionOnlyOffRad, run: labels[3] },
  ];
}
