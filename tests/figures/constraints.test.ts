/**
 * Chapter 11's simulations and measures (notebooks/figures/constraints.ts): the invariants the chapter's
 * prose states about each, and a value or two to pin them.
 */

import { describe, expect, it } from "vitest";
import { type Vec3, constraints, random, vec3 } from "../../lib/index.ts";
import {
  centreOfMass,
  centreOfMassDrift,
  constrainDistanceWorst,
  dropRing,
  followLeader,
  massStateRows,
  measureRope,
  ropeAtRest,
  runRope,
  verletParabolaError,
} from "../../notebooks/figures/constraints.ts";

describe("followLeader", () => {
  const leaderAt = (s: number): Vec3 => [Math.cos(2 * Math.PI * s), Math.sin(2 * Math.PI * s), 0];
  const options = { count: 6, link: 0.3, frames: 50, framesPerLap: 100 };

  it("keeps every link exact, the head on the leader", () => {
    const chain = followLeader(leaderAt, options);
    expect(chain).toHaveLength(6);
    expect(vec3.distance(chain[0]!, leaderAt(0.5))).toBe(0);
    expect(constraints.maxLengthError(chain, constraints.chainLinks(6, 0.3))).toBeLessThan(1e-12);
  });

  it("with a tail, ends on the tail and leaves the head short of a leader out of reach", () => {
    const tail: Vec3 = [0, -3, 0];
    const chain = followLeader(leaderAt, { ...options, tail });
    expect(chain[5]).toEqual(tail);
    expect(vec3.distance(chain[0]!, leaderAt(0.5))).toBeGreaterThan(0.5);
  });

  it("at frame 0 is the straight chain behind the leader, pulled once", () => {
    expect(followLeader(() => [0, 0, 0], { ...options, frames: 0 })[3]![0]).toBeCloseTo(-0.9, 14);
  });
});

describe("measureRope", () => {
  const world = {
    length: 0.1,
    anchor: [0, 0, 0] as Vec3,
    gravity: [0, -9.81, 0] as Vec3,
    dt: 1 / 60,
    iterations: 8,
    method: "gauss-seidel" as const,
    sphere: { center: [0.5, -0.4, 0] as Vec3, radius: 0.3 },
    floor: -1,
  };

  it("is zero for a rope at rest", () => {
    const m = measureRope(ropeAtRest(10, world), world);
    expect(Math.abs(m.stretchPct) + m.worstLinkPct).toBeLessThan(1e-12);
    expect([m.inside, m.below]).toEqual([0, 0]);
  });

  it("measures a rope that has fallen onto the sphere", () => {
    const m = measureRope(runRope(ropeAtRest(10, world), world, 60), world);
    expect(m.stretchPct).toBeGreaterThan(0);
    expect(m.worstLinkPct).toBeGreaterThanOrEqual(0);
    expect(m.inside).toBeLessThan(0.05);
    expect(m.below).toBe(0);
  });

  it("reads depths into the obstacles", () => {
    const state = {
      positions: [
        [0, 0, 0],
        [0.5, -0.4, 0],
        [0, -1.25, 0],
      ] as Vec3[],
      previous: [],
      frame: 0,
    };
    const m = measureRope(state, world);
    expect(m.inside).toBeCloseTo(0.3, 15);
    expect(m.below).toBeCloseTo(0.25, 15);
  });
});

describe("centreOfMass and the facts' random trials", () => {
  it("weighs the points by their masses", () => {
    expect(
      centreOfMass(
        [
          [0, 0, 0],
          [4, 0, 0],
        ],
        [1, 3],
      ),
    ).toEqual([3, 0, 0]);
  });

  it("finds constrainDistance exact and the centre of mass unmoved, to rounding", () => {
    expect(constrainDistanceWorst(random.seeded(1), 200)).toBeLessThan(1e-12);
    expect(centreOfMassDrift(random.seeded(2), 5, 20)).toBeLessThan(1e-14);
  });

  it("finds exactly started Verlet on the parabola, to rounding", () => {
    const a: Vec3 = [0, -9.81, 0];
    const at = (t: number): Vec3 => vec3.add(vec3.scale([3, 5, 0], t), vec3.scale(a, 0.5 * t * t));
    expect(verletParabolaError(at, a, 1 / 60, 120)).toBeLessThan(1e-11);
    // A start that is off by ½aΔt² is off the parabola by more than rounding.
    expect(verletParabolaError((t) => (t < 0 ? vec3.sub(at(t), [0, 0.001, 0]) : at(t)), a, 1 / 60, 10)).toBeGreaterThan(
      1e-3,
    );
  });
});

describe("massStateRows", () => {
  it("makes one row per particle per state, the first the left end", () => {
    const rows = massStateRows(
      {
        before: [
          [0, 0, 0],
          [2, 0, 0],
        ],
        after: [
          [0.5, 0, 0],
          [1.5, 0, 0],
        ],
      },
      [1, 3],
    );
    expect(rows).toEqual([
      { state: "before", x: 0, mass: 1, end: "left" },
      { state: "before", x: 2, mass: 3, end: "right" },
      { state: "after", x: 0.5, mass: 1, end: "left" },
      { state: "after", x: 1.5, mass: 3, end: "right" },
    ]);
  });
});

describe("dropRing", () => {
  const n = 12;
  const start = Array.from({ length: n }, (_, i): Vec3 => [
    Math.cos((2 * Math.PI * i) / n),
    1.2 + Math.sin((2 * Math.PI * i) / n),
    0,
  ]);
  const rest = constraints.ringArea(start);
  const link = 2 * Math.sin(Math.PI / n);

  it("returns the start and every frame, never below the floor", () => {
    const rings = dropRing(start, { frames: 30, sweeps: 4, linkLength: link });
    expect(rings).toHaveLength(31);
    expect(rings[0]).toEqual(start);
    expect(Math.min(...rings.flat().map((p) => p[1]))).toBeGreaterThanOrEqual(0);
  });

  it("keeps its area with the area rule and loses it without", () => {
    const kept = dropRing(start, { frames: 240, sweeps: 8, linkLength: link, restArea: rest }).at(-1)!;
    const lost = dropRing(start, { frames: 240, sweeps: 8, linkLength: link }).at(-1)!;
    expect(constraints.ringArea(kept) / rest).toBeGreaterThan(0.95);
    expect(constraints.ringArea(lost) / rest).toBeLessThan(0.2);
  });
});
