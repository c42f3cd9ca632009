import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Mat3, type Vec3, decompose, fit, mat3, quat, vec3 } from "../../lib/index.ts";
import { RUNS, unitQuat, unitVector, vector } from "../helpers/arbitraries.ts";
import { TIGHT } from "../helpers/tolerance.ts";

/** The angle between two lines (directions up to sign), radians in [0, π/2]. */
const lineAngle = (a: Vec3, b: Vec3) => Math.min(vec3.angleBetween(a, b), vec3.angleBetween(a, vec3.negate(b)));

/**
 * Points spread along a line (by ±10), a little across it (±0.5 and ±0.1), rotated by `q` and moved by `c`.
 * Six anchors (±10, 0, 0), (0, ±0.5, 0), (0, 0, ±0.1) keep the three spreads apart whatever the noise.
 */
function elongated(q: readonly [number, number, number, number], c: Vec3, noise: readonly number[]): Vec3[] {
  const pts: Vec3[] = [10, -10, 0.5, -0.5, 0.1, -0.1].map((x, i): Vec3 =>
    vec3.add(quat.rotateVec3(q, i < 2 ? [x, 0, 0] : i < 4 ? [0, x, 0] : [0, 0, x]), c),
  );
  for (let i = 0; i + 2 < noise.length; i += 3) {
    pts.push(vec3.add(quat.rotateVec3(q, [10 * noise[i]!, 0.5 * noise[i + 1]!, 0.1 * noise[i + 2]!]), c));
  }
  return pts;
}
const noise = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 30, maxLength: 90 });

describe("fit.scatter", () => {
  it("is the centroid and Σ (pᵢ − c)(pᵢ − c)ᵀ, symmetric positive semidefinite", () => {
    const pts: Vec3[] = [[0, 0, 0], [2, 0, 0], [1, 3, 0]]; // prettier-ignore
    const { centroid, matrix } = fit.scatter(pts);
    expect(centroid).toEqual([1, 1, 0]);
    expect(matrix).toBeCloseToVec([2, 0, 0, 0, 6, 0, 0, 0, 0], TIGHT);
    fc.assert(
      fc.property(fc.array(vector, { minLength: 1, maxLength: 20 }), (points) => {
        const s = fit.scatter(points).matrix;
        expect(s).toBeCloseToVec(mat3.transpose(s), TIGHT);
        expect(decompose.symmetricEigen(s).values[2]).toBeGreaterThanOrEqual(-1e-12 * (1 + s[0] + s[4] + s[8]));
      }),
      RUNS,
    );
  });
  it("is zero for one point or coincident points, and refuses empty or non-finite input", () => {
    expect(fit.scatter([[1, 2, 3]]).matrix).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(() => fit.scatter([])).toThrow(/fit\.scatter: points is empty/);
    expect(() => fit.scatter([[0, 0, Infinity]])).toThrow(/fit\.scatter: points\[0\] is not a point with finite/);
  });
});

describe("fit.powerStep", () => {
  it("is S d / |S d|, in d's hemisphere", () => {
    expect(fit.powerStep([2, 0, 0, 0, 1, 0, 0, 0, 0], [1, 1, 0])).toBeCloseToVec(
      [2 / Math.sqrt(5), 1 / Math.sqrt(5), 0],
      TIGHT,
    );
    fc.assert(
      fc.property(fc.array(vector, { minLength: 3, maxLength: 10 }), unitVector, (points, d) => {
        const s = fit.scatter(points).matrix;
        expect(vec3.dot(fit.powerStep(s, d), d)).toBeGreaterThanOrEqual(-1e-15); // ≥ 0 up to rounding
      }),
      RUNS,
    );
  });
  it("throws RangeError instead of returning NaN when S·d = 0 (the orthogonal start)", () => {
    const s = fit.scatter([[0, 0, 0], [1, 0, 0], [2, 0, 0]]).matrix; // prettier-ignore
    expect(() => fit.powerStep(s, [0, 1, 0])).toThrow(/fit\.powerStep: S·d is the zero vector/);
    expect(() => fit.powerStep(s, [0, 0, 0])).toThrow(/fit\.powerStep: d has zero length/);
  });
});

describe("fit.fitLine", () => {
  it("passes through the centroid along the top eigenvector of the scatter", () => {
    fc.assert(
      fc.property(unitQuat, vector, noise, (q, c, n) => {
        const pts = elongated(q, c, n);
        const line = fit.fitLine(pts);
        const { values, vectors } = decompose.symmetricEigen(fit.scatter(pts).matrix);
        expect(line.point).toBeCloseToVec(fit.scatter(pts).centroid, TIGHT);
        expect(vec3.length(line.direction)).toBeCloseTo(1, 15);
        expect(values[1]).toBeLessThan(0.1 * values[0]);
        expect(line.converged).toBe(true);
        expect(lineAngle(line.direction, mat3.column(vectors, 0))).toBeLessThan(1e-10);
      }),
      RUNS,
    );
  });
  it("minimizes the sum of squared distances: no other direction through the centroid does better", () => {
    const sumSq = (pts: Vec3[], p: Vec3, d: Vec3) =>
      pts.reduce((s, x) => s + vec3.length(vec3.cross(vec3.sub(x, p), d)) ** 2, 0);
    fc.assert(
      fc.property(unitQuat, vector, noise, unitVector, (q, c, n, other) => {
        const pts = elongated(q, c, n);
        const { point, direction } = fit.fitLine(pts);
        expect(sumSq(pts, point, direction)).toBeLessThanOrEqual(sumSq(pts, point, other) * (1 + 1e-12) + 1e-12);
      }),
      RUNS,
    );
  });
  it("is exact for collinear points, from any start, even one at right angles to the line (fact 9.3's guard)", () => {
    fc.assert(
      fc.property(unitVector, vector, unitVector, (dir, c, start) => {
        const pts = [-2, 0.5, 1, 3].map((t) => vec3.add(c, vec3.scale(dir, t)));
        const perpendicular = vec3.orthogonal(dir);
        for (const s of [start, perpendicular, undefined]) {
          const line = fit.fitLine(pts, s ? { start: s } : {});
          expect(lineAngle(line.direction, dir)).toBeLessThan(1e-9);
        }
      }),
      RUNS,
    );
  });
  it("leaves a start exactly at right angles to the true axis (where the iteration stands still) for the true axis", () => {
    // Spread 10 along x, 1 along y: from (0, 1, 0) plain power iteration stays on y forever.
    const pts: Vec3[] = [[-10, 0, 0], [10, 0, 0], [0, -1, 0], [0, 1, 0]]; // prettier-ignore
    const s = fit.scatter(pts).matrix;
    expect(fit.powerStep(s, [0, 1, 0])).toEqual([0, 1, 0]);
    const line = fit.fitLine(pts, { start: [0, 1, 0] });
    expect(line.converged).toBe(true);
    expect(lineAngle(line.direction, [1, 0, 0])).toBe(0);
  });
  it("returns [1, 0, 0] with 0 iterations for coincident points or one point", () => {
    expect(fit.fitLine([[1, 2, 3], [1, 2, 3]])).toEqual({ point: [1, 2, 3], direction: [1, 0, 0], iterations: 0, converged: true }); // prettier-ignore
    expect(fit.fitLine([[5, 5, 5]]).direction).toEqual([1, 0, 0]);
  });
  it("stops at maxIterations with converged: false, and keeps the start's hemisphere", () => {
    const pts: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore
    const one = fit.fitLine(pts, { start: [-1, 0.2, 0], maxIterations: 1 });
    expect(one).toMatchObject({ iterations: 1, converged: false });
    expect(one.direction[0]).toBeLessThan(0);
    expect(fit.fitLine(pts, { start: [0, 0, 1], maxIterations: 0 })).toMatchObject({
      direction: [0, 0, 1],
      iterations: 0,
    });
  });
  it("does not depend on the size of the coordinates (1e-150 and 1e150)", () => {
    const pts: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore
    const unit = fit.fitLine(pts).direction;
    for (const k of [1e-150, 1e150]) {
      const d = fit.fitLine(pts.map((p) => vec3.scale(p, k))).direction;
      expect(lineAngle(d, unit)).toBeLessThan(1e-12);
    }
  });
  it("throws RangeError naming the argument for bad input", () => {
    expect(() => fit.fitLine([])).toThrow(/fit\.fitLine: points is empty/);
    expect(() => fit.fitLine([[0, 0, 0]], { start: [0, 0, 0] })).toThrow(/fit\.fitLine: opts\.start has zero length/);
    expect(() => fit.fitLine([[0, 0, 0]], { maxIterations: -2 })).toThrow(/opts\.maxIterations/);
    expect(() => fit.fitLine([[0, 0, 0]], { tolerance: -1 })).toThrow(/opts\.tolerance/);
    expect(() => fit.fitLine([[Number.NaN, 0, 0]])).toThrow(/fit\.fitLine: points\[0\]/);
  });
});

describe("fit.fitPlane", () => {
  it("recovers the plane of coplanar points exactly and has the least sum of squared distances", () => {
    fc.assert(
      fc.property(unitQuat, vector, noise, unitVector, (q, c, n, other) => {
        const pts = elongated(q, c, n);
        const { point, normal } = fit.fitPlane(pts);
        const sumSq = (m: Vec3) => pts.reduce((s, x) => s + vec3.dot(vec3.sub(x, point), m) ** 2, 0);
        expect(vec3.length(normal)).toBeCloseTo(1, 14);
        expect(sumSq(normal)).toBeLessThanOrEqual(sumSq(other) * (1 + 1e-12) + 1e-12);
        const flat = pts.map((p) =>
          vec3.sub(
            p,
            vec3.scale(quat.rotateVec3(q, [0, 0, 1]), vec3.dot(vec3.sub(p, c), quat.rotateVec3(q, [0, 0, 1]))),
          ),
        );
        expect(lineAngle(fit.fitPlane(flat).normal, quat.rotateVec3(q, [0, 0, 1]))).toBeLessThan(1e-12);
      }),
      RUNS,
    );
  });
  it("gives the normal a positive largest component", () => {
    const { normal } = fit.fitPlane([[0, 0, 1], [1, 0, 1], [0, 1, 1], [1, 1, 1]]); // prettier-ignore
    expect(normal).toEqual([0, 0, 1]);
    expect(fit.fitPlane([[0, 0, 0], [0, 1, 0], [0, 0, 1], [0, 1, 1]]).normal).toBeCloseToVec([1, 0, 0], TIGHT); // prettier-ignore
  });
  it("collinear points: a normal at right angles to the line; coincident points: [0, 0, 1]", () => {
    fc.assert(
      fc.property(unitVector, vector, (dir, c) => {
        const pts = [-1, 0, 2].map((t) => vec3.add(c, vec3.scale(dir, t)));
        const { normal } = fit.fitPlane(pts);
        expect(vec3.length(normal)).toBeCloseTo(1, 14);
        expect(Math.abs(vec3.dot(normal, dir))).toBeLessThan(1e-12);
      }),
      RUNS,
    );
    expect(fit.fitPlane([[1, 1, 1], [1, 1, 1]])).toEqual({ point: [1, 1, 1], normal: [0, 0, 1] }); // prettier-ignore
  });
  it("throws RangeError for empty or non-finite input", () => {
    expect(() => fit.fitPlane([])).toThrow(/fit\.fitPlane: points is empty/);
    expect(() =>
      fit.fitPlane([
        [0, 0, 0],
        [0, -Infinity, 0],
      ]),
    ).toThrow(/fit\.fitPlane: points\[1\]/);
  });
});

describe("fit and kabsch agree with the eigen decomposition", () => {
  it("line direction and plane normal are the top and bottom eigenvectors", () => {
    const pts: Vec3[] = [[0, 0, 0], [1, 0.1, 0], [2, -0.1, 0.1], [3, 0.05, -0.05], [4, 0, 0]]; // prettier-ignore
    const { vectors } = decompose.symmetricEigen(fit.scatter(pts).matrix);
    expect(lineAngle(fit.fitLine(pts).direction, mat3.column(vectors, 0))).toBeLessThan(1e-12);
    expect(lineAngle(fit.fitPlane(pts).normal, mat3.column(vectors as Mat3, 2))).toBeLessThan(1e-12);
  });
});
