/**
 * Chapter 03's facts (axis–angle), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/03-axis-angle.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axisAngle, mat3, vec3 } from "../../../lib/index.ts";
import { RUNS, angle, unitVector, vector } from "../../helpers/arbitraries.ts";
import { CHAIN } from "../../helpers/tolerance.ts";

describe("chapter 03: axis–angle", () => {
  it("fact 3.1: Rodrigues step by step (r∥ + cos θ r⊥ + sin θ v) equals the closed form", () => {
    fc.assert(
      fc.property(unitVector, angle, vector, (n, a, r) => {
        const closed = vec3.add(
          vec3.add(vec3.scale(r, Math.cos(a)), vec3.scale(n, (1 - Math.cos(a)) * vec3.dot(n, r))),
          vec3.scale(vec3.cross(n, r), Math.sin(a)),
        );
        expect(axisAngle.rodriguesSteps(n, a, r).rotated).toBeCloseToVec(closed, CHAIN);
        expect(mat3.transformVec3(axisAngle.toMat3(n, a), r)).toBeCloseToVec(closed, CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 3.2: matrix → axis–angle → matrix round-trips for θ in [0, π], including 1e-9 and π − 1e-9", () => {
    const angles = [0, 1e-9, 1e-6, 0.5, Math.PI / 2, 2, Math.PI - 1e-6, Math.PI - 1e-9, Math.PI];
    fc.assert(
      fc.property(unitVector, (n) => {
        for (const a of angles) {
          const r = axisAngle.toMat3(n, a);
          const back = axisAngle.fromMat3(r);
          expect(axisAngle.toMat3(back.axis, back.angle)).toBeCloseToVec(r, CHAIN);
          expect(back.angle).toBeCloseTo(a, 14);
        }
      }),
      RUNS,
    );
  });
});
