/** The readout lines' vectors (notebooks/figures/readout-text.ts): rounded, and never "-0.00". */

import { describe, expect, it } from "vitest";
import { formatVector } from "../../notebooks/figures/readout-text.ts";

describe("formatVector", () => {
  it("writes a vector with two decimals by default", () => {
    expect(formatVector([Math.SQRT1_2, 0.5, 1 / 3])).toBe("(0.71, 0.50, 0.33)");
  });

  it("writes a component that rounds to zero as 0, never -0", () => {
    expect(formatVector([-1e-17, -0.004, 0.004])).toBe("(0.00, 0.00, 0.00)");
    expect(formatVector([-0.0004, 1, -1], 3)).toBe("(0.000, 1.000, -1.000)");
  });
});
