/**
 * Chapter 14's facts (ray marching signed distance fields), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/14-ray-marching.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, type Vec3, mat3, sdf, vec3 } from "../../../lib/index.ts";
import { RUNS, rotation, unitVector, vector } from "../../helpers/arbitraries.ts";
import { RM_SCENE, rmChapterScene, rmLight } from "../../../notebooks/figures/ray-marching.ts";

describe("chapter 14: ray marching signed distance fields", () => {
  const unitBall = sdf.sphere([0, 0, 5], 1);
  it("fact 14.1: a unit sphere at (0, 0, 5), a ray from the origin along +z: hit at t = 4 on the second evaluation", () => {
    expect(sdf.march(unitBall, [0, 0, 0], [0, 0, 1])).toMatchObject({ hit: true, t: 4, steps: 2, point: [0, 0, 4] });
  });
  it("fact 14.2: with ε = 1e-4, parallel rays at offsets 0.9, 0.99, 0.999 take 15, 39, 80 steps; one at 1.2 misses", () => {
    // Steps count evaluations of f, the one that finds f < ε included (sdf.march's convention).
    const steps = [0.9, 0.99, 0.999].map((x) => sdf.march(unitBall, [x, 0, 0], [0, 0, 1], { epsilon: 1e-4 }));
    expect(steps.map((r) => [r.hit, r.steps])).toEqual([[true, 15], [true, 39], [true, 80]]); // prettier-ignore
    expect(sdf.march(unitBall, [1.2, 0, 0], [0, 0, 1], { epsilon: 1e-4, maxSteps: 10_000 }).hit).toBe(false);
    // The count grows without bound as the ray grazes: roughly ∝ 1/√gap.
    const grazing = [1e-4, 1e-6, 1e-8].map(
      (g) => sdf.march(unitBall, [1 - g, 0, 0], [0, 0, 1], { epsilon: 1e-12, maxSteps: 1e6 }).steps,
    );
    expect(grazing[1]!).toBeGreaterThan(5 * grazing[0]!);
    expect(grazing[2]!).toBeGreaterThan(5 * grazing[1]!);
  });
  it("fact 14.3: the sphere squashed by ½ along x, as length(p / s) − 1, returns 3 at (2, 0, 0) where the truth is 1.5; dividing by the largest scale is safe", () => {
    const s: Vec3 = [0.5, 1, 1];
    const naive = (p: Readonly<Vec3>) => vec3.length([p[0] / s[0], p[1] / s[1], p[2] / s[2]]) - 1;
    expect(naive([2, 0, 0])).toBe(3);
    // Stepping 3 from (2, 0, 0) towards the centre lands at x = −1: through the squashed sphere (|x| ≤ ½) and out.
    expect(naive([-1, 0, 0])).toBeGreaterThan(0);
    expect(sdf.march(naive, [-3, 0, 0], [1, 0, 0]).hit).toBe(false);
    // The map p ↦ p/s stretches by at most 1/min(s) = 2: divide by it.
    const safe = sdf.scaled(sdf.sphere([0, 0, 0], 1), s);
    expect(safe([2, 0, 0])).toBe(1.5);
    expect(sdf.march(safe, [-3, 0, 0], [1, 0, 0])).toMatchObject({ hit: true, t: 2.5 });
  });
  it("fact 14.4: the central-difference normal matches the analytic one to 1e-6", () => {
    const c: Vec3 = [0, 0, 5];
    fc.assert(
      fc.property(unitVector, (u) => {
        const n = sdf.normal(unitBall, vec3.add(c, u));
        expect(Math.max(...n.map((x, i) => Math.abs(x - u[i]!)))).toBeLessThan(1e-6);
      }),
      RUNS,
    );
  });
  it("fact 14.5: a rigidly moved field f(R⁻¹(p − c)) is the exact distance to the moved shape (1e-14), unlike a non-uniform scale", () => {
    /** The distance to a turned box from its own geometry: its centre and turned axes, clamped — no Rᵀ. */
    const fromGeometry = (R: Mat3, c: Vec3, h: Vec3) => (p: Vec3) => {
      const axes = [0, 1, 2].map((j) => mat3.column(R, j as 0 | 1 | 2));
      const local = axes.map((u) => vec3.dot(vec3.sub(p, c), u));
      if (local.every((x, i) => Math.abs(x) <= h[i]!)) return -Math.min(...local.map((x, i) => h[i]! - Math.abs(x)));
      const nearest = axes.reduce(
        (q, u, i) => vec3.add(q, vec3.scale(u, Math.max(-h[i]!, Math.min(h[i]!, local[i]!)))),
        c,
      );
      return vec3.distance(p, nearest);
    };
    const { turnedBox } = RM_SCENE;
    const moved = sdf.rigid(sdf.box([0, 0, 0], turnedBox.halfExtents), turnedBox.rotation, turnedBox.center);
    const truth = fromGeometry(turnedBox.rotation, turnedBox.center, turnedBox.halfExtents);
    fc.assert(
      fc.property(unitVector, fc.double({ min: 0, max: 3, noNaN: true }), (u, r) => {
        const p = vec3.add(turnedBox.center, vec3.scale(u, r));
        expect(Math.abs(moved(p) - truth(p))).toBeLessThan(1e-14);
      }),
      RUNS,
    );
    // Any rotation, any box, any place: the same.
    fc.assert(
      fc.property(rotation, vector, vector, (R, c, p) => {
        const h: Vec3 = [0.5, 1, 2];
        expect(Math.abs(sdf.rigid(sdf.box([0, 0, 0], h), R, c)(p) - fromGeometry(R, c, h)(p))).toBeLessThan(1e-12);
      }),
      RUNS,
    );
    // The chapter's scene uses the same field, and its example: the cube of half-size 1 turned 45° about z, 2 − √2 at (2, 0, 0).
    expect(
      rmChapterScene(0, "safe")
        .parts.find((p) => p.name === "turned box")!
        .f(turnedBox.center),
    ).toBe(-0.4);
    expect(sdf.rigid(sdf.box([0, 0, 0], [1, 1, 1]), mat3.rotationZ(Math.PI / 4), [0, 0, 0])([2, 0, 0])).toBeCloseTo(
      2 - Math.SQRT2,
      15,
    );
    expect(() => sdf.rigid(sdf.box([0, 0, 0], [1, 1, 1]), [1, 0, 0, 0, 1, 0, 0, 0, -1], [0, 0, 0])).toThrow(/rotation/);
  });
  it("fact 14.6: marching toward the light gives the ball's hard shadow on the floor; min(k·h/t)'s penumbra narrows as k grows", () => {
    const scene = rmChapterScene(0.3, "safe").f;
    const light = rmLight(0);
    const { center } = RM_SCENE.ball;
    const under = vec3.sub(center, vec3.scale(light, (center[1] - RM_SCENE.floorY) / light[1]));
    const lit = (x: number, k?: number) =>
      sdf.shadow(scene, [under[0] + x, RM_SCENE.floorY, under[2]], light, { k, maxDistance: 20 });
    const crossing = (level: number, k?: number) => {
      let [lo, hi] = [0, 3];
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (lit(mid, k) >= level) hi = mid;
        else lo = mid;
      }
      return hi;
    };
    expect(lit(0)).toBe(0);
    expect(lit(0, 8)).toBe(0);
    const edge = crossing(1);
    expect(edge).toBeCloseTo(0.973, 3);
    expect(lit(edge + 0.01)).toBe(1);
    expect(lit(1.55)).toBe(1);
    expect(lit(1.65)).toBe(0); // the walk enters another shape's shadow at about 1.6, as the chapter says
    const widths = [2, 8, 32].map((k) => {
      expect(crossing(0.1, k)).toBeGreaterThanOrEqual(edge); // the soft shadow is dark wherever the hard one is
      return crossing(0.9, k) - crossing(0.1, k);
    });
    expect(widths.map((w) => +w.toFixed(2))).toEqual([1.94, 0.18, 0.04]);
    expect(widths[1]!).toBeLessThan(widths[0]! / 3);
    expect(widths[2]!).toBeLessThan(widths[1]! / 3);
  });
});
