/**
 * Chapter 10's facts (inverse kinematics), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/10-inverse-kinematics.html).
 */

import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, constraints, ik, projection, quat, random, scalar, vec3 } from "../../../lib/index.ts";
import { angle } from "../../helpers/arbitraries.ts";
import { TIGHT } from "../../helpers/tolerance.ts";

const deg = scalar.degToRad;

describe("chapter 10: inverse kinematics", () => {
  const unit: ik.Joint[] = [{ length: 1 }, { length: 1 }, { length: 1 }];
  const straight: Quat[] = [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]]; // prettier-ignore
  const bent: Quat[] = unit.map(() => quat.fromAxisAngle([0, 0, 1], 0.4));
  /** The largest angle between a bone and the direction base → target, radians. */
  const bend = (p: Vec3[], t: Vec3) =>
    Math.max(...p.slice(1).map((q, i) => vec3.angleBetween(vec3.sub(q, p[i]!), vec3.sub(t, p[0]!))));

  it("fact 10.1: an unreachable target: both methods end with the chain straight toward it, the tip |target| − L short", () => {
    for (const t of [
      [3, 4, 1],
      [-2, 0.5, 5],
      [0, 0, -3.5],
    ] as Vec3[]) {
      const short = vec3.length(t) - 3;
      const c = ik.ccd([0, 0, 0], unit, bent, t, { maxIterations: 200 });
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, bent), t);
      for (const r of [c, f]) {
        expect(r.converged).toBe(false);
        expect(bend(r.positions, t)).toBeLessThan(1e-6);
        expect(Math.abs(r.error - short)).toBeLessThan(1e-9);
      }
    }
  });
  it("fact 10.2: for reachable targets both converge to 1e-6 and bone lengths stay exact (1e-12)", () => {
    const rng = random.seeded(102);
    for (let k = 0; k < 50; k++) {
      const t = vec3.scale(random.unitVector(rng), random.uniform(rng, 0.3, 2.8));
      const c = ik.ccd([0, 0, 0], unit, bent, t, { maxIterations: 5000, tolerance: 1e-6 });
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, bent), t, { maxIterations: 5000, tolerance: 1e-6 });
      for (const r of [c, f]) {
        expect(r.error).toBeLessThanOrEqual(1e-6);
        for (const l of ik.boneLengths(r.positions)) expect(Math.abs(l - 1)).toBeLessThan(1e-12);
      }
    }
  });
  it("fact 10.3: with hinges every joint turns only about its axis and never past its limits", () => {
    const { origin, joints } = ik.BLOG_ARM;
    const rng = random.seeded(103);
    for (let k = 0; k < 40; k++) {
      const t = vec3.add(origin, vec3.scale(random.unitVector(rng), random.uniform(rng, 5, 95)));
      const r = ik.ccd(
        origin,
        joints,
        joints.map((): Quat => [0, 0, 0, 1]),
        t,
        { maxIterations: 50 },
      );
      r.rotations!.forEach((q, i) => {
        const h = vec3.normalize(joints[i]!.hinge!);
        const v: Vec3 = [q[0], q[1], q[2]];
        expect(vec3.length(vec3.sub(v, vec3.scale(h, vec3.dot(v, h))))).toBeLessThan(1e-12);
        const [lo, hi] = joints[i]!.limits!;
        const a = ik.hingeAngle(q, h);
        expect(a).toBeGreaterThanOrEqual(lo - 1e-12);
        expect(a).toBeLessThanOrEqual(hi + 1e-12);
      });
    }
  });
  it("fact 10.4: neither dominates — a 3-link unit chain along +x: (2.9, 0.1, 0) CCD 134 vs FABRIK 28 iterations; (−1, 0.2, 0) CCD 4 vs FABRIK 551 (to 1e-6)", () => {
    const count = (t: Vec3) => {
      const opts = { maxIterations: 10000, tolerance: 1e-6 };
      const c = ik.ccd([0, 0, 0], unit, straight, t, opts);
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], unit, straight), t, opts);
      expect(c.converged && f.converged).toBe(true);
      return [c.iterations, f.iterations];
    };
    expect(count([2.9, 0.1, 0])).toEqual([134, 28]);
    expect(count([-1, 0.2, 0])).toEqual([4, 551]);
  });
});

// ── Chapter 10, facts added after review (issue 19: docs/curriculum.md 10.5, 10.6 and the hinge correction) ───────────
describe("chapter 10: after review (issue 19)", () => {
  const chain: ik.Joint[] = [{ length: 1 }, { length: 1 }, { length: 1 }];
  const straight: Quat[] = [[0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 1]]; // prettier-ignore
  const { origin, joints } = ik.BLOG_ARM;
  const lastBone = (p: Vec3[]) => vec3.normalize(vec3.sub(p[p.length - 1]!, p[p.length - 2]!));
  /** The blog's "Bonus: Direction" sweep: joints 3–4 turn the last bone onto `direction`, 0–2 the tip onto `target`. */
  const directionSweep = (rotations: Quat[], target: Vec3, direction: Vec3): Quat[] => {
    let r = rotations;
    for (let i = joints.length - 1; i >= 0; i--) {
      if (i < 3) {
        r = ik.ccdJointStep(origin, joints, r, i, target);
        continue;
      }
      const turn = quat.fromTwoVectors(lastBone(ik.forwardKinematics(origin, joints, r)), direction);
      const parent = ik.jointFrames(r)[i - 1]!;
      const local = quat.multiply(quat.multiply(quat.conjugate(parent), quat.multiply(turn, parent)), r[i]!);
      r = r.slice();
      r[i] = ik.constrainToHinge(local, joints[i]!);
    }
    return r;
  };
  const solveWithDirection = (start: Quat[], target: Vec3, direction: Vec3, maxSweeps = 3000) => {
    let r = start.map((q, i) => ik.constrainToHinge(q, joints[i]!));
    const measure = () => {
      const p = ik.forwardKinematics(origin, joints, r);
      return { tip: vec3.distance(p.at(-1)!, target), dir: vec3.angleBetween(lastBone(p), direction) };
    };
    let e = measure();
    let sweeps = 0;
    while (sweeps < maxSweeps && (e.tip > 1e-7 || e.dir > 1e-7)) {
      r = directionSweep(r, target, direction);
      sweeps++;
      e = measure();
    }
    return { rotations: r, sweeps, ...e };
  };
  const rest: Quat[] = joints.map((): Quat => [0, 0, 0, 1]);

  it("fact 10.5: FABRIK stalls on a collinear chain just as CCD does — errors 0.5 and 1.0 after 200 iterations; a 0.001 rad kick escapes", () => {
    const opts = { maxIterations: 200, tolerance: 1e-9 };
    for (const [t, left] of [
      [[1.5, 0, 0], 0.5],
      [[0, 0, 0], 1],
    ] as [Vec3, number][]) {
      const c = ik.ccd([0, 0, 0], chain, straight, t, opts);
      const f = ik.fabrik(ik.forwardKinematics([0, 0, 0], chain, straight), t, opts);
      for (const r of [c, f]) {
        expect(r.converged).toBe(false);
        expect(r.error).toBeCloseTo(left, 12);
        expect(r.positions.at(-1)).toBeCloseToVec([1, 0, 0], TIGHT); // the tip folded back onto the first joint
      }
      const kicked: Quat[] = [quat.fromAxisAngle([0, 0, 1], 1e-3), straight[1]!, straight[2]!];
      expect(ik.ccd([0, 0, 0], chain, kicked, t, opts).converged).toBe(true);
      expect(ik.fabrik(ik.forwardKinematics([0, 0, 0], chain, kicked), t, opts).converged).toBe(true);
    }
  });
  it("fact 10.6: the blog's 5-hinge arm reaches a point from a given direction (tip 1e-6, last bone 1e-6 rad); position-only CCD leaves the bone 55.3° off", () => {
    const pose = [30, 40, 50, 40, -40].map((a, i) => quat.fromAxisAngle(joints[i]!.hinge!, deg(a)));
    const p = ik.forwardKinematics(origin, joints, pose);
    const [target, direction] = [p.at(-1)!, lastBone(p)];
    const run = solveWithDirection(rest, target, direction);
    expect(run.tip).toBeLessThanOrEqual(1e-6);
    expect(run.dir).toBeLessThanOrEqual(1e-6);
    expect(run.sweeps).toBe(103);
    run.rotations.forEach((q, i) => {
      const a = ik.hingeAngle(q, joints[i]!.hinge!);
      expect(a).toBeGreaterThanOrEqual(joints[i]!.limits![0] - 1e-12);
      expect(a).toBeLessThanOrEqual(joints[i]!.limits![1] + 1e-12);
    });
    const positionOnly = ik.ccd(origin, joints, rest, target, { maxIterations: 3000, tolerance: 1e-9 });
    expect(positionOnly.converged).toBe(true);
    expect(scalar.radToDeg(vec3.angleBetween(lastBone(positionOnly.positions), direction))).toBeCloseTo(55.3, 1);
    // Simulated annealing: the fifth seeded pose, which the plain solve gets stuck on 5.66 away; one kick frees it.
    const poseRng = random.seeded(1061);
    const poses = Array.from({ length: 5 }, () =>
      joints.map((j) => quat.fromAxisAngle(j.hinge!, random.uniform(poseRng, 0.8 * j.limits![0], 0.8 * j.limits![1]))),
    );
    const hard = ik.forwardKinematics(origin, joints, poses[4]!);
    const stuck = solveWithDirection(rest, hard.at(-1)!, lastBone(hard));
    expect(stuck.sweeps).toBe(3000);
    expect(stuck.tip).toBeCloseTo(5.66, 2);
    const kickRng = random.seeded(1062);
    const kicked = stuck.rotations.map((q, i) =>
      quat.multiply(q, quat.fromAxisAngle(joints[i]!.hinge!, random.uniform(kickRng, -1, 1))),
    );
    const annealed = solveWithDirection(kicked, hard.at(-1)!, lastBone(hard));
    expect(annealed.tip).toBeLessThanOrEqual(1e-6);
    expect(annealed.dir).toBeLessThanOrEqual(1e-6);
  });
  it("FABRIK can keep hinges: projecting every joint onto the hinge plane in both passes keeps a z-hinged chain in z = 0 and reaches in-plane targets", () => {
    const flat = (p: Vec3): Vec3 => [p[0], p[1], 0]; // the plane every bone of a z-hinged chain turns in
    const lengths = [1, 1, 1];
    const hingedFabrik = (start: Vec3[], target: Vec3, iterations: number): Vec3[] => {
      const p = start.map((q) => [...q] as Vec3);
      for (let k = 0; k < iterations; k++) {
        p[3] = flat(target); // backward: the tip to the target's projection
        for (let i = 2; i >= 0; i--) p[i] = flat(constraints.constrainDistance(p[i]!, p[i + 1]!, lengths[i]!));
        p[0] = [0, 0, 0]; // forward: the base back in place
        for (let i = 1; i <= 3; i++) p[i] = flat(constraints.constrainDistance(p[i]!, p[i - 1]!, lengths[i - 1]!));
      }
      return p;
    };
    const start = ik.forwardKinematics(
      [0, 0, 0],
      chain,
      chain.map(() => quat.fromAxisAngle([0, 0, 1], 0.4)),
    );
    for (const t of [
      [1.2, 1.9, 0],
      [-1.5, 0.8, 0],
      [0.3, -2.2, 0],
    ] as Vec3[]) {
      const p = hingedFabrik(start, t, 500);
      expect(vec3.distance(p[3]!, t)).toBeLessThan(1e-9);
      for (const q of p) expect(q[2]).toBe(0);
      for (const l of ik.boneLengths(p)) expect(l).toBeCloseTo(1, 12);
    }
    // Plain FABRIK leaves the plane for an out-of-plane target; the hinged one stays in it.
    const out: Vec3 = [1, 1, 1];
    expect(Math.max(...ik.fabrik(start, out).positions.map((q) => Math.abs(q[2])))).toBeGreaterThan(0.1);
    expect(Math.max(...hingedFabrik(start, out, 200).map((q) => Math.abs(q[2])))).toBe(0);
  });
});
