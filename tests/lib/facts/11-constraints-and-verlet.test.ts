/**
 * Chapter 11's facts (constraints and Verlet integration), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/11-constraints-and-verlet.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, constraints, vec3 } from "../../../lib/index.ts";
import { RUNS, unitVector, vector } from "../../helpers/arbitraries.ts";

describe("chapter 11: constraints and Verlet integration", () => {
  it("fact 11.1: constrainDistance(p, a, d) lands exactly d from a on the ray a→p; p = a goes along +x", () => {
    fc.assert(
      fc.property(vector, vector, fc.double({ min: 0.01, max: 100, noNaN: true }), (p, a, d) => {
        const q = constraints.constrainDistance(p, a, d);
        expect(Math.abs(vec3.distance(q, a) - d)).toBeLessThanOrEqual(4 * Number.EPSILON * (d + vec3.length(a)));
        expect(vec3.angleBetween(vec3.sub(q, a), vec3.sub(p, a))).toBeLessThan(1e-7);
      }),
      RUNS,
    );
    expect(constraints.constrainDistance([1, 2, 3], [1, 2, 3], 2)).toEqual([3, 2, 3]);
  });
  it("fact 11.2: from two exact positions, position Verlet reproduces the parabola to rounding", () => {
    const [x0, v0, a, dt]: [Vec3, Vec3, Vec3, number] = [[0, 0, 0], [3, 5, 0], [0, -9.81, 0], 1 / 60];
    const exact = (t: number): Vec3 => [x0[0] + v0[0] * t, x0[1] + v0[1] * t + 0.5 * a[1] * t * t, 0];
    let state = { positions: [x0], previous: [exact(-dt)] };
    let worst = 0;
    for (let n = 1; n <= 120; n++) {
      state = constraints.verletStep(state.positions, state.previous, a, dt);
      worst = Math.max(worst, vec3.distance(state.positions[0]!, exact(n * dt)));
    }
    expect(worst).toBeLessThan(1e-11); // 120 steps of coordinates ≤ 10: ~1e-13 of rounding
    // The naive start x₋₁ = x₀ − v₀·dt is off by a·dt²/2, and the error grows linearly: 2 s later, ≈ |a|·dt·t/2.
    let naive = { positions: [x0], previous: [vec3.sub(x0, vec3.scale(v0, dt))] };
    for (let n = 1; n <= 120; n++) naive = constraints.verletStep(naive.positions, naive.previous, a, dt);
    expect(vec3.distance(naive.positions[0]!, exact(2))).toBeCloseTo((9.81 * 120) / (2 * 3600), 12);
  });
  it("fact 11.3: a rope of 10 stretched to 1.5×, one end pinned: Gauss–Seidel's largest error beats Jacobi's after 10 and 50 iterations", () => {
    const rope: Vec3[] = Array.from({ length: 10 }, (_, i) => [1.5 * i, 0, 0]);
    const links = constraints.chainLinks(10, 1);
    const error = (method: "gauss-seidel" | "jacobi", iterations: number) =>
      constraints.maxLengthError(constraints.solveDistances(rope, links, { iterations, method, pinned: [0] }), links);
    for (const k of [10, 50]) expect(error("gauss-seidel", k)).toBeLessThan(error("jacobi", k));
    expect(error("gauss-seidel", 10)).toBeCloseTo(0.4937, 4);
    expect(error("jacobi", 10)).toBeCloseTo(0.5799, 4);
    expect(error("gauss-seidel", 50)).toBeCloseTo(0.1565, 4);
    expect(error("jacobi", 50)).toBeCloseTo(0.4437, 4);
  });
  it("fact 11.4: inverse masses: masses 1 and 3 move ¾ and ¼ of a correction, w = 0 never moves, the centre of mass stays (1e-15)", () => {
    const pair: Vec3[] = [[0, 0, 0], [2, 0, 0]]; // prettier-ignore
    const link = [{ a: 0, b: 1, length: 1 }];
    const once = (inverseMasses: number[], method: "gauss-seidel" | "jacobi" = "gauss-seidel") =>
      constraints.solveDistances(pair, link, { iterations: 1, method, inverseMasses });
    for (const method of ["gauss-seidel", "jacobi"] as const) {
      const [a, b] = once([1, 1 / 3], method);
      expect(a![0]).toBeCloseTo(0.75, 15); // the light end: ¾ of the error of 1
      expect(b![0]).toBeCloseTo(1.75, 15); // the heavy end: ¼
      expect(once([1, 1], method).map((p) => p[0])).toEqual([0.5, 1.5]); // equal masses: the blog's half each
      expect(once([0, 1 / 3], method)).toEqual([[0, 0, 0], [1, 0, 0]]); // prettier-ignore
    }
    // `pinned` wins over a listed weight.
    expect(
      constraints.solveDistances(pair, link, {
        iterations: 1,
        method: "gauss-seidel",
        pinned: [0],
        inverseMasses: [5, 1],
      })[0],
    ).toEqual([0, 0, 0]);
    const centre = (x: Vec3[], m: number[]) =>
      vec3.scale(
        x.reduce((s, p, i) => vec3.add(s, vec3.scale(p, m[i]!)), [0, 0, 0] as Vec3),
        1 / m.reduce((s, v) => s + v, 0),
      );
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 5, noNaN: true }), { minLength: 5, maxLength: 5 }),
        fc.array(unitVector, { minLength: 5, maxLength: 5 }),
        (masses, jitter) => {
          const start = jitter.map((u, i) => vec3.add([1.7 * i, 0, 0], u));
          const solved = constraints.solveDistances(start, constraints.chainLinks(5, 1), {
            iterations: 20,
            method: "gauss-seidel",
            inverseMasses: masses.map((m) => 1 / m),
          });
          expect(vec3.distance(centre(solved, masses), centre(start, masses))).toBeLessThan(1e-14);
        },
      ),
      RUNS,
    );
    expect(() =>
      constraints.solveDistances(pair, link, { iterations: 1, method: "jacobi", inverseMasses: [1, -1] }),
    ).toThrow(/inverseMasses\[1\]/);
    expect(() =>
      constraints.solveDistances(pair, link, { iterations: 1, method: "jacobi", inverseMasses: [1] }),
    ).toThrow(/inverseMasses has 1/);
  });
  it("fact 11.5: the blog's soft body keeps ≥ 98.8 % of its area squashed on a floor; the ring of one-sided links alone collapses to 0", () => {
    const n = 16;
    const start: Vec3[] = Array.from({ length: n }, (_, i) => [
      Math.cos((2 * Math.PI * i) / n),
      1.2 + Math.sin((2 * Math.PI * i) / n),
      0,
    ]);
    const rest = constraints.ringArea(start);
    expect(rest).toBeCloseTo(8 * Math.sin(Math.PI / 8), 14); // the regular 16-gon of radius 1: (n/2)·sin(2π/n)
    const run = (withArea: boolean) => {
      let [x, previous] = [start, start];
      let [worst, height] = [Infinity, 0];
      for (let f = 1; f <= 240; f++) {
        const s = constraints.verletStep(x, previous, [0, -9.81, 0], 1 / 60);
        [x, previous] = [s.positions, s.previous];
        for (let k = 0; k < 8; k++) {
          x = constraints.solveRing(x, {
            iterations: 1,
            linkLength: 2 * Math.sin(Math.PI / n),
            restArea: withArea ? rest : undefined,
          });
          x = x.map((p) => constraints.collidePlane(p, [0, 1, 0], 0));
        }
        if (f >= 120) worst = Math.min(worst, constraints.ringArea(x) / rest);
        height = Math.max(...x.map((p) => p[1]));
      }
      return { worst, height };
    };
    const kept = run(true);
    expect(kept.worst).toBeGreaterThan(0.988);
    expect(kept.worst).toBeLessThan(1);
    expect(kept.height).toBeLessThan(1.7); // squashed: 1.59 high, from 2
    expect(run(false).worst).toBeLessThan(1e-3);
    // Jacobi: the order of the particles does not matter (the ring reversed and rotated gives the same shape).
    const squashed = start.map(([x, y, z]): Vec3 => [1.3 * x, 0.5 * y, z]);
    const opts = { iterations: 5, linkLength: 0.3, restArea: rest };
    const shifted = [...squashed.slice(5), ...squashed.slice(0, 5)];
    const a = constraints.solveRing(squashed, opts);
    const b = constraints.solveRing(shifted, opts);
    a.forEach((p, i) => expect(vec3.distance(p, b[(i - 5 + n) % n]!)).toBeLessThan(1e-14));
  });
});
