/**
 * Chapter 08's experiments (notebooks/figures/kabsch-checks.ts): Horn's check on an exact fit, the sign fix
 * on flat data, RMSD against noise, the naive size ratio against Umeyama's scale, and the fact trials.
 */

import { describe, expect, it } from "vitest";
import { type Quat, type Vec3, kabsch, quat, random } from "../../lib/index.ts";
import {
  collinearTrials,
  coplanarSignTrials,
  exactRecoveryTrials,
  hornCheck,
  hornMatrix,
  nearLineFit,
  noiseRmsdRows,
  outlierWeightSweep,
  scaledTargetsWithOutlier,
  sizeRatioScale,
} from "../../notebooks/figures/kabsch-checks.ts";
import { moveRigidly } from "../../notebooks/figures/kabsch.ts";

const SHAPE: Vec3[] = [
  [-1.55, -0.45, -0.35],
  [-0.1, -0.5, -0.25],
  [-0.3, 0.4, -0.5],
  [-1.35, 0.65, 0.2],
  [-0.8, -0.3, 0.75],
];
const TURN: Quat = quat.fromAxisAngle([0.3, 1, 0.2], 1.2);

describe("Horn's quaternion", () => {
  it("N is symmetric with trace 0", () => {
    const n = hornMatrix(kabsch.crossCovariance(SHAPE, moveRigidly(SHAPE, TURN, [1, 0, 0])));
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(n[i]![j]).toBeCloseTo(n[j]![i]!, 14);
    expect(n[0]![0]! + n[1]![1]! + n[2]![2]! + n[3]![3]!).toBeCloseTo(0, 12);
  });
  it("kabsch's quaternion is N's eigenvector, its eigenvalue the fitted trace", () => {
    const to = moveRigidly(SHAPE, TURN, [1, 0, 0]);
    const h = kabsch.crossCovariance(SHAPE, to);
    const { lambda, residual } = hornCheck(h, kabsch.kabsch(SHAPE, to).rotation);
    expect(residual).toBeLessThan(1e-12);
    expect(lambda).toBeGreaterThan(0);
    expect(hornCheck(h, [0, 0, 0, 1]).residual).toBeGreaterThan(1e-3); // the identity is not the answer
  });
});

describe("the experiments", () => {
  it("fact 8.5: U·Vᵀ is a reflection for about half of the flat sets; the sign fix always gives a rotation", () => {
    const t = coplanarSignTrials(200, 805);
    expect(t.reflections).toBeGreaterThan(50);
    expect(t.reflections).toBeLessThan(150);
    expect(t.reflectionRmsd).toBeLessThan(1e-12);
    expect(t.detOff).toBeLessThan(1e-12);
    expect(t.rmsd).toBeLessThan(1e-12);
  });
  it("RMSD against noise: four rows per σ, zero at σ = 0, the measured near the formulas", () => {
    const rows = noiseRmsdRows(SHAPE, random.seeded(1), 100);
    expect(rows).toHaveLength(44);
    expect(rows.slice(0, 4).every((r) => r.rmsd < 1e-12)).toBe(true);
    const top = rows.filter((r) => r.sigma === 0.2);
    expect(top[0]!.rmsd / top[1]!.rmsd).toBeGreaterThan(0.8);
    expect(top[0]!.rmsd / top[1]!.rmsd).toBeLessThan(1.2);
    expect(top[1]!.rmsd).toBeCloseTo(0.2 * Math.sqrt(9 / 5), 14);
  });
  it("the size ratio is the scale for an exact similarity, and weights move a fit's rotation", () => {
    const to = scaledTargetsWithOutlier(
      SHAPE,
      1.5,
      { rotation: TURN, translation: [1, 2, 3] },
      SHAPE.map((): Vec3 => [0, 0, 0]),
      {
        index: 0,
        kick: [0, 0, 0],
      },
    );
    expect(sizeRatioScale(SHAPE, to, [1, 1, 1, 1, 1])).toBeCloseTo(1.5, 12);
    expect(kabsch.kabsch(SHAPE, to, { scale: true }).scale).toBeCloseTo(1.5, 12);
    const kicked = scaledTargetsWithOutlier(
      SHAPE,
      1,
      { rotation: TURN, translation: [0, 0, 0] },
      SHAPE.map((): Vec3 => [0, 0, 0]),
      {
        index: 0,
        kick: [0.1, 0.65, 0.45],
      },
    );
    const sweep = outlierWeightSweep(SHAPE, kicked, 0, TURN, false, 10);
    expect(sweep).toHaveLength(11);
    expect(sweep[0]!.errorDeg).toBeLessThan(1e-9); // the outlier ignored, the rest exact
    expect(sweep[10]!.errorDeg).toBeGreaterThan(1);
  });
  it("facts 8.1, 8.3, 8.6: exact recovery, collinear sets spin freely, a near-line is well determined", () => {
    const rng = random.seeded(881);
    const exact = exactRecoveryTrials(rng, 50);
    expect(Math.max(exact.rotation, exact.translation, exact.rmsd)).toBeLessThan(1e-9);
    const line = collinearTrials(rng, 30);
    expect(line.ok).toBe(true);
    expect(line.spun).toBeLessThan(1e-9);
    const near = nearLineFit();
    expect(near.fit.degenerate).toBe(false);
    expect(near.oldCutFlags).toBe(true);
    expect(near.rotationErr).toBeLessThan(1e-6);
    expect(near.oldCutErrDeg).toBeGreaterThan(1);
  });
});
