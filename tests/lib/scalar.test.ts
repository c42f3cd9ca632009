import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scalar } from "../../lib/index.ts";
import { RUNS } from "../helpers/arbitraries.ts";

const { wrapAngle, degToRad, radToDeg, approxEqual, sinc } = scalar;

describe("scalar.degToRad and radToDeg", () => {
  it("convert the landmarks exactly", () => {
    expect(degToRad(180)).toBe(Math.PI);
    expect(degToRad(90)).toBe(Math.PI / 2);
    expect(radToDeg(Math.PI)).toBe(180);
  });
  it("are inverse to each other", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (d) => approxEqual(radToDeg(degToRad(d)), d)),
      RUNS,
    );
  });
});

describe("scalar.wrapAngle", () => {
  it("fact 5.4: lands in (−π, π] for any finite angle", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (a) => {
        const w = wrapAngle(a);
        return w > -Math.PI && w <= Math.PI;
      }),
      RUNS,
    );
  });
  it("fact 5.4: is idempotent, bit for bit", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (a) => wrapAngle(wrapAngle(a)) === wrapAngle(a)),
      RUNS,
    );
  });
  it("sends −π to +π and keeps +π", () => {
    expect(wrapAngle(-Math.PI)).toBe(Math.PI);
    expect(wrapAngle(Math.PI)).toBe(Math.PI);
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 14);
  });
  it("changes the angle by a whole number of turns", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (a) => {
        const turns = (a - wrapAngle(a)) / scalar.TAU;
        return Math.abs(turns - Math.round(turns)) < 1e-9;
      }),
      RUNS,
    );
  });
  it("turns −170° → 170° into a 20° step", () => {
    expect(radToDeg(wrapAngle(degToRad(170) - degToRad(-170)))).toBeCloseTo(-20, 12);
  });
  it("throws a RangeError naming the function for infinite or NaN input", () => {
    expect(() => wrapAngle(Infinity)).toThrow(/scalar\.wrapAngle: angleRad must be finite/);
    expect(() => wrapAngle(Number.NaN)).toThrow(RangeError);
  });
});

describe("scalar.approxEqual", () => {
  it("uses |a − b| ≤ atol + rtol·|b|", () => {
    // |b| = 1e6, so rtol = 1e-9 allows 1e-3 and rtol = 1e-8 allows 1e-2.
    expect(approxEqual(1e6 + 5e-3, 1e6, { atol: 0, rtol: 1e-9 })).toBe(false);
    expect(approxEqual(1e6 + 5e-3, 1e6, { atol: 0, rtol: 1e-8 })).toBe(true);
    expect(approxEqual(1e-10, 0, { atol: 1e-9, rtol: 0 })).toBe(true);
    expect(approxEqual(2e-9, 0, { atol: 1e-9, rtol: 1 })).toBe(false);
  });
  it("never calls NaN close, and Infinity only to itself", () => {
    expect(approxEqual(Number.NaN, Number.NaN)).toBe(false);
    expect(approxEqual(Infinity, Infinity)).toBe(true);
    expect(approxEqual(Infinity, 1e308)).toBe(false);
  });
});

describe("scalar.sinc", () => {
  it("is 1 at 0 and sin(x)/x elsewhere", () => {
    expect(sinc(0)).toBe(1);
    expect(sinc(1e-300)).toBe(1);
    expect(sinc(Math.PI / 2)).toBeCloseTo(2 / Math.PI, 15);
  });
});
