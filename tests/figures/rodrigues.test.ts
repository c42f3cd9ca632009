/** Chapter 03's Rodrigues drawing (notebooks/figures/rodrigues.ts): the arrows add up to r′, and the tip stays on its circle. */

import { describe, expect, it } from "vitest";
import { type Vec3, axisAngle, vec3 } from "../../lib/index.ts";
import { rodriguesPieces, rodriguesTip } from "../../notebooks/figures/rodrigues.ts";

const n: Vec3 = vec3.normalize([0.2, 1, 0.4]);
const r: Vec3 = [1.1, 0.3, 0.2];
const theta = 1.9;
const steps = axisAngle.rodriguesSteps(n, theta, r);
const pieces = rodriguesPieces(steps, n, r, theta);
const close = (a: Readonly<Vec3>, b: Readonly<Vec3>) => expect(vec3.distance(a, b)).toBeLessThan(1e-12);

describe("rodriguesPieces", () => {
  it("chains r∥, cos θ r⊥ and sin θ v head to tail to the tip of r′ = R r", () => {
    const { parallel, cosPart, sinPart, rotated } = pieces.arrows;
    close(parallel[1], cosPart[0]);
    close(cosPart[1], sinPart[0]);
    close(sinPart[1], rotated[1]);
    close(rotated[1], axisAngle.rotateVec3(n, theta, r));
  });

  it("draws r, and r∥ + r⊥ back to r", () => {
    close(pieces.arrows.r[1], r);
    close(pieces.arrows.perpendicular[1], r);
  });

  it("traces a closed circle through r and an arc from r to r′", () => {
    expect(pieces.circle).toHaveLength(97);
    close(pieces.circle[0]!, r);
    close(pieces.circle[96]!, r);
    close(pieces.arc[0]!, r);
    close(pieces.arc[48]!, steps.rotated);
  });
});

describe("rodriguesTip", () => {
  it("keeps the tip at the circle's radius |r⊥| from its centre r∥", () => {
    for (const phi of [0, 0.7, 2, 4])
      expect(vec3.distance(rodriguesTip(steps, phi), steps.parallel)).toBeCloseTo(vec3.length(steps.perpendicular), 12);
  });
});
