/**
 * Chapter 01's facts (canonical rotations), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/01-canonical-rotations.html).
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axisAngle, mat3 } from "../../../lib/index.ts";
import { RUNS, angle, rotation, vector } from "../../helpers/arbitraries.ts";
import { CHAIN, TIGHT } from "../../helpers/tolerance.ts";

const I = mat3.identity();

describe("chapter 01: canonical rotations", () => {
  it("fact 1.1: the five-step product Ry⁻¹·Rx⁻¹·Rz(θ)·Rx·Ry equals the Rodrigues matrix", () => {
    fc.assert(
      fc.property(vector, angle, (axis, a) => {
        expect(axisAngle.viaCanonicalRotations(axis, a).product).toBeCloseToVec(axisAngle.toMat3(axis, a), CHAIN);
      }),
      RUNS,
    );
  });
  it("fact 1.2: Rx(θ)⁻¹ = Rx(−θ) = Rx(θ)ᵀ (and likewise for Y and Z)", () => {
    fc.assert(
      fc.property(angle, (a) => {
        for (const r of [mat3.rotationX, mat3.rotationY, mat3.rotationZ]) {
          expect(mat3.invert(r(a))).toBeCloseToVec(r(-a), TIGHT);
          expect(mat3.transpose(r(a))).toBeCloseToVec(r(-a), { atol: 0, rtol: 0 }); // exactly
        }
      }),
      RUNS,
    );
  });
  it("fact 1.3: det = +1 and RᵀR = I for every canonical and composed rotation", () => {
    fc.assert(
      fc.property(angle, angle, angle, (a, b, c) => {
        const composed = mat3.multiply(mat3.rotationZ(c), mat3.multiply(mat3.rotationY(b), mat3.rotationX(a)));
        for (const r of [mat3.rotationX(a), mat3.rotationY(b), mat3.rotationZ(c), composed]) {
          expect(mat3.determinant(r)).toBeCloseTo(1, 14);
          expect(mat3.multiply(mat3.transpose(r), r)).toBeCloseToVec(I, TIGHT);
        }
      }),
      RUNS,
    );
  });
});
