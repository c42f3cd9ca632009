/**
 * Chapter 09's arithmetic (notebooks/figures/power-iteration.ts): the line angle ignores a direction's sign,
 * Smith's closed form agrees with Jacobi, power iteration escapes a nearly ⟂ start but not an exactly ⟂ one,
 * and the blog's plane loop is right on a generic cloud and NaN on an axis-aligned wall.
 */

import { describe, expect, it } from "vitest";
import { type Mat3, type Vec3, decompose, fit, mat3, random } from "../../lib/index.ts";
import {
  blogPlaneNormal,
  lineAngle,
  powerStepRows,
  symmetricEigenClosedForm,
} from "../../notebooks/figures/power-iteration.ts";

describe("the angle between two lines", () => {
  it("is 0 for opposite directions, π/2 at right angles, and accurate for tiny angles", () => {
    expect(lineAngle([1, 0, 0], [-2, 0, 0])).toBe(0);
    expect(lineAngle([1, 0, 0], [0, 3, 0])).toBe(Math.PI / 2);
    expect(lineAngle([1, 0, 0], [1, 1e-12, 0])).toBeCloseTo(1e-12, 24);
  });
});

describe("Smith's closed form", () => {
  it("matches Jacobi's eigenvalues and top eigenvector on a random scatter matrix", () => {
    const rng = random.seeded(9);
    const points = Array.from({ length: 12 }, (): Vec3 => [
      random.uniform(rng, -2, 2),
      random.uniform(rng, -1, 1),
      random.uniform(rng, -0.3, 0.3),
    ]);
    const s = fit.scatter(points).matrix;
    const exact = symmetricEigenClosedForm(s);
    const jacobi = decompose.symmetricEigen(s);
    exact.values.forEach((x, i) => expect(x).toBeCloseTo(jacobi.values[i]!, 10));
    expect(lineAngle(exact.top, mat3.column(jacobi.vectors, 0))).toBeLessThan(1e-8);
  });
  it("gives a diagonal matrix's entries in descending order", () => {
    expect(symmetricEigenClosedForm([1, 0, 0, 0, 5, 0, 0, 0, 3]).values.map((x) => Number(x.toFixed(12)))).toEqual([
      5, 3, 1,
    ]);
  });
});

describe("power iteration, step by step", () => {
  const s: Mat3 = [4, 0, 0, 0, 1, 0, 0, 0, 0.5];
  it("shrinks tan θ by λ₂/λ₁ per step, and never leaves an exactly ⟂ start", () => {
    const rows = powerStepRows(s, [1, 1, 0], [1, 0, 0], 5, "from 45°");
    expect(rows).toHaveLength(6);
    expect(rows[0]!.errorDeg).toBeCloseTo(45, 12);
    expect(Math.tan((rows[3]!.errorDeg * Math.PI) / 180)).toBeCloseTo(0.25 ** 3, 12);
    expect(powerStepRows(s, [0, 1, 0], [1, 0, 0], 20, "⟂").every((r) => r.errorDeg === 90)).toBe(true);
  });
  it("floors the angle when asked, for a log axis", () => {
    const rows = powerStepRows(s, [1, 0, 0], [1, 0, 0], 2, "on it", 1e-13);
    expect(rows.map((r) => r.errorDeg)).toEqual([1e-13, 1e-13, 1e-13]);
  });
});

describe("the blog's plane loop", () => {
  it("finds the normal of a tilted cloud, and gives NaN for a wall x = 2 (S·x = 0)", () => {
    const cloud: Vec3[] = [
      [0, 0, 0],
      [1, 0.1, 0],
      [0, 1, 0.05],
      [1, 1, 0.02],
      [0.5, 0.3, -0.03],
    ];
    const normal = blogPlaneNormal(cloud);
    expect(lineAngle(normal, fit.fitPlane(cloud).normal)).toBeLessThan(1e-9);
    const wall: Vec3[] = [
      [2, 0, 0],
      [2, 1, 0],
      [2, 0, 1],
      [2, 1, 1],
      [2, 0.5, 0.2],
    ];
    expect(blogPlaneNormal(wall).every(Number.isNaN)).toBe(true);
  });
});
