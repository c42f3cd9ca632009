/**
 * Chapter 07's arithmetic (notebooks/figures/nearest-rotation-iterations.ts): the repairs are rotations, the
 * polar rotation is the nearest, Müller's plain loop stalls on a half turn, the mended cross-product loop
 * reaches the polar rotation and the blog's need not.
 */

import { describe, expect, it } from "vitest";
import { type Mat3, decompose, mat3, quat } from "../../lib/index.ts";
import {
  GRAM_SCHMIDT_VARIANTS,
  blogCrossIterates,
  columnTurnsDeg,
  crossLoopTrials,
  frobeniusDistance,
  halfTurnSweep,
  mendedCrossIterates,
  mullerFromIdentity,
  mullerLoop,
  mullerRate,
  polarMissRad,
  repairByGramSchmidt,
  rotationSignCost,
  skewedBasis,
  unitColumns,
  warmColdSteps,
} from "../../notebooks/figures/nearest-rotation-iterations.ts";

const M71: Mat3 = [1, 0.3, 0, 0, 1, 0, 0, 0, 1];

describe("the skewed basis and its repairs", () => {
  it("builds the sliders' basis column by column, the identity at rest", () => {
    expect(skewedBasis(0, 0, 0, 1)).toEqual(mat3.identity());
    expect(skewedBasis(0.3, 0.5, -0.2, 2)).toEqual([1, 0.3, 0, 0, 2, 1, -0.2, 0, 1]);
  });
  it.each(GRAM_SCHMIDT_VARIANTS)("%s repairs to a rotation no nearer than the polar rotation", (variant) => {
    const m = skewedBasis(0.4, -0.3, 0.25, 1.3);
    const r = repairByGramSchmidt(variant, m);
    expect(mat3.orthonormalityError(r)).toBeLessThan(1e-14);
    expect(mat3.determinant(r)).toBeCloseTo(1, 14);
    expect(frobeniusDistance(decompose.polarRotation(m), m)).toBeLessThanOrEqual(frobeniusDistance(r, m) + 1e-12);
  });
  it("fact 7.1: Gram–Schmidt turns only y, by atan 0.3 = 16.699°; the polar rotation 8.17°, 8.53°, 0°", () => {
    const gs = columnTurnsDeg(repairByGramSchmidt(GRAM_SCHMIDT_VARIANTS[0], M71), M71);
    expect(gs[0]).toBe(0);
    expect(gs[1]).toBeCloseTo(16.699, 3);
    const polar = columnTurnsDeg(decompose.polarRotation(M71), M71);
    expect(polar[0]).toBeCloseTo(8.168, 3);
    expect(polar[1]).toBeCloseTo(8.531, 3);
    expect(frobeniusDistance(decompose.polarRotation(M71), M71)).toBeCloseTo(0.21272, 5);
  });
});

describe("Müller's iteration", () => {
  it("fact 7.3: |ω| shrinks about threefold per step from the identity, at the predicted rate", () => {
    const { omegas, reached } = mullerFromIdentity(M71, 30);
    expect(omegas.slice(0, 3).map((w) => Number(w.toPrecision(3)))).toEqual([0.1, 0.0327, 0.0108]);
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(20);
    expect(omegas[4]! / omegas[3]!).toBeCloseTo(mullerRate(M71), 2);
  });
  it("the plain loop stops at once on a half turn, on the identity, 180° off (fact 7.4)", () => {
    const halfTurn: Mat3 = [-1, 0, 0, 0, -1, 0, 0, 0, 1];
    const { q, trace } = mullerLoop(halfTurn, quat.identity(), (w) => w < 1e-9);
    expect(trace).toEqual([0]);
    expect(q).toEqual(quat.identity());
  });
  it("warm starts save steps at a loose tolerance: 2 warm against 5 cold", () => {
    expect(warmColdSteps((f) => [1, 0.3 + 0.01 * f, 0, 0, 1, 0, 0, 0, 1], 1e-3)).toBe("2 warm, 5 cold");
  });
  it("the half-turn sweep: two rows per gap, the stall check always right, the blog's loop 180° off at the half turn", () => {
    const rows = halfTurnSweep(13);
    expect(rows).toHaveLength(26);
    expect(Math.max(...rows.filter((r) => r.loop === "with the stall check").map((r) => r.error))).toBeLessThan(1e-6);
    expect(rows[0]!.loop).toBe("the blog's loop");
    expect(rows[0]!.error).toBeGreaterThan(179);
  });
});

describe("the cross-product loops (fact 7.5)", () => {
  it("the mended loop is Newton's polar iteration: it reaches the polar rotation; the blog's keeps the column lengths", () => {
    const m = skewedBasis(0.5, 0.2, -0.4, 1.5);
    const mended = mendedCrossIterates(m, 10);
    expect(mended).toHaveLength(11);
    expect(frobeniusDistance(mended.at(-1)!, decompose.polarRotation(m))).toBeLessThan(1e-12);
    const blog = blogCrossIterates(m, 9);
    expect(mat3.orthonormalityError(unitColumns(blog.at(-1)!))).toBeLessThan(1e-6);
    expect(Math.hypot(...mat3.column(blog.at(-1)!, 1))).toBeCloseTo(Math.hypot(...mat3.column(m, 1)), 12);
    expect(polarMissRad(m, m)).toBe(0);
  });
  it("over seeded trials the mended loop is exact within 10 steps and the blog's misses by over a degree somewhere", () => {
    const trials = crossLoopTrials(200, 705);
    expect(trials).toHaveLength(200);
    expect(Math.max(...trials.map((t) => t.mendedMiss))).toBeLessThanOrEqual(1e-12);
    expect(Math.max(...trials.map((t) => t.mendedSteps))).toBeLessThanOrEqual(10);
    expect(Math.max(...trials.map((t) => t.blogMiss)) * (180 / Math.PI)).toBeGreaterThan(1);
  });
});

describe("the sign fix (fact 7.6)", () => {
  it("costs 2σ₃ of the trace and 4σ₃ of the squared distance", () => {
    const cost = rotationSignCost([1, 0.3, 0, 0, 1, 0, 0, 0, -1]);
    expect(cost.traceLoss).toBeCloseTo(2 * cost.sigma3, 12);
    expect(cost.squaredRise).toBeCloseTo(4 * cost.sigma3, 12);
    expect(4 * cost.sigma3).toBeCloseTo(3.4447, 4);
    expect(cost.distanceGap).toBeCloseTo(1.6554, 4);
  });
});
