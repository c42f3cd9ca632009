/**
 * Chapter 09's facts (fitting lines and planes), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/09-fitting-lines-and-planes.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Vec3, decompose, fit, mat3, scalar, vec3 } from "../../../lib/index.ts";
import { RUNS, vector } from "../../helpers/arbitraries.ts";
import { TIGHT } from "../../helpers/tolerance.ts";

describe("chapter 09: fitting lines and planes", () => {
  const points: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore
  const lineAngleDeg = (a: Vec3, b: Vec3) =>
    scalar.radToDeg(Math.min(vec3.angleBetween(a, b), vec3.angleBetween(a, vec3.negate(b))));

  it("fact 9.1: centroid (2, 0.01, 0.01), scatter eigenvalues 10.0005, 0.0309, 0.0026", () => {
    const { centroid, matrix } = fit.scatter(points);
    expect(centroid).toBeCloseToVec([2, 0.01, 0.01], TIGHT);
    const { values } = decompose.symmetricEigen(matrix);
    expect(values[0]).toBeCloseTo(10.0005, 4);
    expect(values[1]).toBeCloseTo(0.0309, 4);
    expect(values[2]).toBeCloseTo(0.0026, 4);
  });
  it("fact 9.2: power iteration from (0, 1, 0) is off by 27.0°, 0.090°, 0.00028° after 1, 2, 3 steps (ratio ≈ λ₂/λ₁ per step)", () => {
    const { values, vectors } = decompose.symmetricEigen(fit.scatter(points).matrix);
    const top = mat3.column(vectors, 0);
    const errors = [1, 2, 3].map((k) =>
      lineAngleDeg(fit.fitLine(points, { start: [0, 1, 0], maxIterations: k }).direction, top),
    );
    expect(errors[0]).toBeCloseTo(26.97, 2);
    expect(errors[1]).toBeCloseTo(0.08998, 5);
    expect(errors[2]).toBeCloseTo(0.000278, 6);
    const ratio = values[1] / values[0]; // 0.00309
    const tanRad = errors.map((e) => Math.tan(scalar.degToRad(e)));
    expect(tanRad[1]! / tanRad[0]!).toBeCloseTo(ratio, 4); // 0.003086: the λ₃ part still counts after one step
    expect(tanRad[2]! / tanRad[1]!).toBeCloseTo(ratio, 5);
  });
  it("fact 9.3: collinear points along x from (0, 1, 0): the naive update is the zero vector (NaN after normalizing); a start from the scatter's largest column never is", () => {
    const onX: Vec3[] = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [5, 0, 0]]; // prettier-ignore
    const s = fit.scatter(onX).matrix;
    const naive = mat3.transformVec3(s, [0, 1, 0]);
    expect(naive).toEqual([0, 0, 0]);
    expect(naive.map((x) => x / vec3.length(naive)).every(Number.isNaN)).toBe(true);
    expect(() => fit.powerStep(s, [0, 1, 0])).toThrow(RangeError);
    expect(lineAngleDeg(fit.fitLine(onX, { start: [0, 1, 0] }).direction, [1, 0, 0])).toBe(0);
    // S·(S eⱼ) ≠ 0 whenever S eⱼ ≠ 0 (S is positive semidefinite), so the largest column never collapses.
    fc.assert(
      fc.property(fc.array(vector, { minLength: 2, maxLength: 10 }), (ps) => {
        const m = fit.scatter(ps).matrix;
        const columns = ([0, 1, 2] as const).map((j) => mat3.column(m, j));
        const largest = columns.reduce((a, b) => (vec3.length(b) > vec3.length(a) ? b : a));
        expect(vec3.length(mat3.transformVec3(m, largest))).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });
});
