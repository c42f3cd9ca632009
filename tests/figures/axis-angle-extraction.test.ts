/**
 * Chapter 03's ways back from a matrix (notebooks/figures/axis-angle-extraction.ts): acos loses half the
 * digits at both ends, atan2 does not, and near π the skew-part axis fails where fromMat3's does not.
 */

import { describe, expect, it } from "vitest";
import { type Vec3, axisAngle, vec3 } from "../../lib/index.ts";
import {
  EXTRACTION_METHODS,
  extractionErrors,
  extractionSweep,
} from "../../notebooks/figures/axis-angle-extraction.ts";

const n: Vec3 = [2 / 3, -1 / 3, 2 / 3];

describe("extractionErrors", () => {
  it("is rounding-small for all four ways at a comfortable angle", () => {
    const errors = extractionErrors(axisAngle.toMat3(n, 1), n, 1);
    for (const e of errors) expect(e).toBeLessThan(1e-14);
  });

  it("at θ = 1e-9: acos is off by the whole angle (the cosine rounds to 1), atan2 is not", () => {
    const [acos, atan2] = extractionErrors(axisAngle.toMat3(n, 1e-9), n, 1e-9);
    expect(acos).toBeCloseTo(1e-9, 15);
    expect(atan2).toBeLessThan(1e-20);
  });
});

describe("extractionSweep", () => {
  const axes = [n, vec3.normalize([1, 2, 3])];

  it("gives the four methods at 45 distances from 1e-12 to 1e-1", () => {
    const rows = extractionSweep("π", axes);
    expect(rows).toHaveLength(45 * 4);
    expect(rows.slice(0, 4).map((r) => r.method)).toEqual([...EXTRACTION_METHODS]);
    expect(rows[0]!.d).toBeCloseTo(1e-12, 25);
    expect(rows.at(-1)!.d).toBeCloseTo(0.1, 14);
  });

  it("near π: the skew-part axis is far worse than fromMat3's, which stays at rounding level", () => {
    const at = (method: string) => extractionSweep("π", axes).find((r) => r.d < 2e-12 && r.method === method)!.error;
    expect(at("axis: s/|s| (skew part)")).toBeGreaterThan(1e-6);
    expect(at("axis: axisAngle.fromMat3")).toBeLessThan(1e-14);
  });

  it("never reports below the log axis' floor", () => {
    expect(Math.min(...extractionSweep("0", axes).map((r) => r.error))).toBeGreaterThanOrEqual(1e-17);
  });
});
