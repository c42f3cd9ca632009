/**
 * Chapter 10's direction solver (notebooks/figures/ik-direction.ts) and fact experiments
 * (notebooks/figures/ik-checks.ts): the direction solve reaches a reachable pose's tip and last-bone
 * direction, annealing only kicks while the goal is missed, and the checks report small worst numbers.
 */

import { describe, expect, it } from "vitest";
import { type Quat, ik, quat, random, scalar } from "../../lib/index.ts";
import {
  annealDirection,
  armGoal,
  directionRunRows,
  directionSweep,
  lastBoneDirection,
  solveWithDirection,
} from "../../notebooks/figures/ik-direction.ts";
import { hingeCheck, outOfReachCheck, reachableCheck } from "../../notebooks/figures/ik-checks.ts";

const arm = ik.BLOG_ARM;
const rest: Quat[] = arm.joints.map((): Quat => [0, 0, 0, 1]);
const pose = [30, 40, 50, 40, -40].map((a, i) => quat.fromAxisAngle(arm.joints[i]!.hinge!, scalar.degToRad(a)));

describe("a direction as well as a point", () => {
  it("the last bone's direction is a unit vector along it", () => {
    expect(
      lastBoneDirection([
        [0, 0, 0],
        [1, 0, 0],
        [1, 2, 0],
      ]),
    ).toEqual([0, 1, 0]);
  });
  it("a pose's own goal is met by the pose itself", () => {
    const goal = armGoal(arm, pose);
    const solve = solveWithDirection(arm, pose, goal.target, goal.direction);
    expect(solve.sweeps).toBe(0);
    expect(solve.tip).toBeLessThan(1e-9);
    expect(solve.dir).toBeLessThan(1e-7);
  });
  it("fact 10.6: from the straight pose both the tip (1e-6) and the last bone (1e-6 rad) arrive", () => {
    const goal = armGoal(arm, pose);
    const solve = solveWithDirection(arm, rest, goal.target, goal.direction);
    expect(solve.tip).toBeLessThanOrEqual(1e-6);
    expect(solve.dir).toBeLessThanOrEqual(1e-6);
    expect(solve.trace).toHaveLength(solve.sweeps + 1);
  });
  it("a sweep keeps every joint on its hinge", () => {
    const goal = armGoal(arm, pose);
    const r = directionSweep(arm, rest, goal.target, goal.direction);
    r.forEach((q, i) => expect(ik.constrainToHinge(q, arm.joints[i]!)).toBeSameRotation(q, 1e-9));
  });
  it("annealing does not kick a solve that has arrived", () => {
    const goal = armGoal(arm, pose);
    const solve = solveWithDirection(arm, pose, goal.target, goal.direction);
    const { annealed, kicks, attempts } = annealDirection(arm, solve, goal, random.seeded(1));
    expect(kicks).toBe(0);
    expect(attempts).toEqual([solve]);
    expect(annealed).toBe(solve);
  });
  it("the chart's rows: two per sweep of the solve, one per position-only sweep, two for the flat line", () => {
    const goal = armGoal(arm, pose);
    const solve = solveWithDirection(arm, rest, goal.target, goal.direction);
    const rows = directionRunRows(solve, [0.5, 1e-20], 0.3, ["a", "b", "c", "d"] as const);
    expect(rows).toHaveLength(2 * (solve.sweeps + 1) + 2 + 2);
    expect(rows.filter((r) => r.run === "c")).toEqual([
      { k: 1, value: 0.5, run: "c" },
      { k: 2, value: 1e-12, run: "c" },
    ]);
    expect(rows.at(-1)).toEqual({ k: solve.sweeps, value: 0.3, run: "d" });
  });
});

describe("the fact experiments", () => {
  const unit3: ik.Joint[] = [{ length: 1 }, { length: 1 }, { length: 1 }];
  const bent3: Quat[] = unit3.map(() => quat.fromAxisAngle([0, 0, 1], 0.4));
  it("fact 10.1: out of reach, both solvers end |t| − 3 short, straight towards the target", () => {
    const { shortfallOff, bend } = outOfReachCheck(unit3, bent3, [
      [3, 4, 1],
      [0, 0, -3.5],
    ]);
    expect(shortfallOff).toBeLessThan(1e-9);
    expect(bend).toBeLessThan(1e-6);
  });
  it("fact 10.2: within reach both arrive to 1e-6 and keep the bones' lengths", () => {
    const { worst, lengthDrift } = reachableCheck(unit3, bent3, random.seeded(102), 10);
    expect(worst).toBeLessThanOrEqual(1e-6);
    expect(lengthDrift).toBeLessThan(1e-12);
  });
  it("fact 10.3: with hinges, joints turn only about their axes and stay within their limits", () => {
    const { offHinge, pastLimit } = hingeCheck(arm, rest, 8);
    expect(offHinge).toBeLessThan(1e-12);
    expect(pastLimit).toBeLessThanOrEqual(1e-12);
    expect(pastLimit).toBeGreaterThanOrEqual(0);
  });
});
