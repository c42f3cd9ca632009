/** Chapter 04's rotation between two vectors (notebooks/figures/two-vectors.ts): the short form's NaN at v = −u, and the robust one. */

import { describe, expect, it } from "vitest";
import { type Vec3, quat, random, vec3 } from "../../lib/index.ts";
import {
  fromTwoVectorsWorst,
  landError,
  shortForm,
  towardsOpposite,
  twoVectorSweep,
} from "../../notebooks/figures/two-vectors.ts";

const u: Vec3 = vec3.normalize([1, 2, 3]);
const side = vec3.normalize(vec3.cross(u, [0, 0, 1]));

describe("the short form", () => {
  it("lands u on v for a comfortable angle", () => {
    const v = towardsOpposite(u, side, 1);
    expect(landError(shortForm(u, v), u, v)).toBeLessThan(1e-15);
  });

  it("is NaN at v = −u exactly", () => {
    expect(landError(shortForm(u, towardsOpposite(u, side, 0)), u, vec3.negate(u))).toBeNaN();
  });
});

describe("towardsOpposite", () => {
  it("puts v at π − gap from u", () => {
    expect(vec3.angleBetween(u, towardsOpposite(u, side, 1e-3))).toBeCloseTo(Math.PI - 1e-3, 12);
  });
});

describe("twoVectorSweep", () => {
  const rows = twoVectorSweep(random.seeded(404));

  it("has both methods at 65 gaps, starting at v = −u", () => {
    expect(rows).toHaveLength(130);
    expect(rows[0]!.g).toBe(-16);
    expect(rows.at(-1)!.g).toBe(0);
  });

  it("finds the short form NaN at v = −u and quat.fromTwoVectors at rounding level everywhere", () => {
    expect(rows[0]!.error).toBeNaN();
    const robust = rows.filter((r) => r.method === "quat.fromTwoVectors").map((r) => r.error);
    expect(Math.max(...robust)).toBeLessThan(1e-14);
  });
});

describe("fromTwoVectorsWorst", () => {
  it("is at rounding level over random pairs, near u and near −u", () => {
    const rng = random.seeded(7);
    const pairs = Array.from({ length: 20 }, () => [random.unitVector(rng), random.unitVector(rng)] as const);
    expect(fromTwoVectorsWorst(pairs)).toBeLessThan(1e-12);
    expect(quat.fromTwoVectors(u, u)).toBeDefined();
  });
});
