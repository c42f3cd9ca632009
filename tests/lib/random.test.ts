import { describe, expect, it } from "vitest";
import { quat, random, vec3 } from "../../lib/index.ts";

describe("random", () => {
  it("seeded generators repeat their sequence and stay in [0, 1)", () => {
    const a = random.seeded(42);
    const b = random.seeded(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(random.seeded(43)()).not.toBe(random.seeded(42)());
  });
  it("unit vectors and quaternions have length 1", () => {
    const rng = random.seeded(1);
    for (let i = 0; i < 1000; i++) {
      expect(vec3.length(random.unitVector(rng))).toBeCloseTo(1, 14);
      expect(quat.length(random.unitQuat(rng))).toBeCloseTo(1, 14);
    }
  });
  it("unit quaternions are uniform over rotations: rotation angles have CDF (θ − sin θ)/π", () => {
    // For uniform rotations, P(angle ≤ θ) = (θ − sin θ)/π; compare the empirical CDF at a few angles.
    const rng = random.seeded(9);
    const n = 20000;
    const angles = Array.from({ length: n }, () => quat.toAxisAngle(random.unitQuat(rng)).angle);
    for (const theta of [0.5, 1, 2, 3]) {
      const empirical = angles.filter((a) => a <= theta).length / n;
      expect(empirical).toBeCloseTo((theta - Math.sin(theta)) / Math.PI, 1.5);
    }
  });
});
