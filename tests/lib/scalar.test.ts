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
  it("returns every angle in (−π, π] unchanged, bit for bit", () => {
    fc.assert(
      fc.property(fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (a) => {
        return Object.is(wrapAngle(a), a === -Math.PI ? Math.PI : a);
      }),
      RUNS,
    );
  });

  describe("against the exact reduction (BigInt arithmetic on the double's exact value and a 360-digit π)", () => {
    it("reduces 2π (the double) to its distance from the true 2π, not to 0", () => {
      // The double 2π is 2.449e-16 below the true 2π; the exact remainder is that gap.
      expect(wrapAngle(scalar.TAU)).toBe(-2.4492935982947064e-16);
      expect(ulpsFromExact(scalar.TAU)).toBeLessThanOrEqual(0.5);
    });
    it.each([1e6, -1e6, 1e9, 1e12, 1e15, -1e15])("reduces %s rad to the nearest double of the exact remainder", (a) => {
      expect(ulpsFromExact(a)).toBeLessThanOrEqual(0.5);
    });
    it("stays within 1 ulp of the exact remainder over 1e-300 … 1e15, both signs", () => {
      fc.assert(
        fc.property(
          fc.double({ min: -300, max: 15, noNaN: true }),
          fc.boolean(),
          (e, negative) => ulpsFromExact((negative ? -1 : 1) * 10 ** e) <= 1,
        ),
        { numRuns: 2000 },
      );
    });
    it("stays within 1 ulp on the doubles nearest to whole turns, where the remainder is tiny", () => {
      for (const turns of [1, 2, 3, 7, 10, 1e3, 1e6, 123456789, 1e12, 1.5e14]) {
        for (const a of nearestDoublesToTurns(turns)) expect(ulpsFromExact(a), `${a}`).toBeLessThanOrEqual(1);
      }
    });
    it("keeps the closed end: a remainder that rounds to ±π comes back as +π", () => {
      for (const turns of [1, 5, 1e3, 1e9]) {
        for (const sign of [1, -1]) {
          const a = sign * (2 * turns + 1) * Math.PI; // an odd number of half turns, ± a few ulps
          const w = wrapAngle(a);
          expect(w).toBeGreaterThan(-Math.PI);
          expect(w).toBeLessThanOrEqual(Math.PI);
          expect(ulpsFromExact(a)).toBeLessThanOrEqual(1);
        }
      }
      // 29π as a double reduces to a remainder that rounds to ±π: both signs come back as +π.
      expect(wrapAngle(29 * Math.PI)).toBe(Math.PI);
      expect(wrapAngle(-29 * Math.PI)).toBe(Math.PI);
    });
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

// ---- Exact reference for wrapAngle: fixed-point BigInt with FRACTION_BITS binary places. ----

/** Every finite double is an integer multiple of 2^-1074, so 1200 binary places hold any of them exactly. */
const FRACTION_BITS = 1200n;

/** `atan(1/x)`·2^FRACTION_BITS by its Taylor series, with 32 guard bits. */
function atanInverse(x: bigint): bigint {
  const guard = 32n;
  let term = (1n << (FRACTION_BITS + guard)) / x;
  let sum = term;
  for (let k = 1n; term !== 0n; k++) {
    term /= x * x;
    sum += (k % 2n === 0n ? 1n : -1n) * (term / (2n * k + 1n));
  }
  return sum >> guard;
}

/** π·2^FRACTION_BITS by Machin's formula π = 16 atan(1/5) − 4 atan(1/239): ~360 correct digits. */
const PI_FIXED = 16n * atanInverse(5n) - 4n * atanInverse(239n);
const TWO_PI_FIXED = 2n * PI_FIXED;

/** The exact value of a finite double, times 2^FRACTION_BITS. */
function exactFixed(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const shift = BigInt(Math.max(biased, 1) - 1075) + FRACTION_BITS;
  return (bits >> 63n ? -1n : 1n) * (mantissa << shift);
}

/** One unit in the last place of `x`, times 2^FRACTION_BITS (read from its exponent bits). */
function ulpFixed(x: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const biased = Number((view.getBigUint64(0) >> 52n) & 0x7ffn);
  return 1n << (BigInt(Math.max(biased, 1) - 1075) + FRACTION_BITS);
}

/** The exact reduction of the double `a` into (−π, π], times 2^FRACTION_BITS. */
function exactWrap(a: number): bigint {
  const t = exactFixed(a);
  let k = t / TWO_PI_FIXED;
  let r = t - k * TWO_PI_FIXED;
  while (r > PI_FIXED) [k, r] = [k + 1n, r - TWO_PI_FIXED];
  while (r <= -PI_FIXED) [k, r] = [k - 1n, r + TWO_PI_FIXED];
  return r;
}

/** How many ulps of the result `wrapAngle(a)` is from the exact reduction (as an angle: ±π are the same). */
function ulpsFromExact(a: number): number {
  const got = wrapAngle(a);
  const exact = exactWrap(a);
  const g = exactFixed(got);
  const abs = (n: bigint) => (n < 0n ? -n : n);
  const d = [g - exact, g - exact - TWO_PI_FIXED, g - exact + TWO_PI_FIXED].map(abs).reduce((x, y) => (x < y ? x : y));
  return Number((d * 1000n) / ulpFixed(got)) / 1000;
}

/** The doubles at and next to the one nearest `turns`·2π (their exact remainders are below an ulp of the angle). */
function nearestDoublesToTurns(turns: number): number[] {
  const target = BigInt(turns) * TWO_PI_FIXED;
  const a = turns * scalar.TAU;
  // Step through neighbouring doubles to the one nearest the exact multiple.
  const candidates = [
    a,
    nextDouble(a, -1),
    nextDouble(a, 1),
    nextDouble(nextDouble(a, -1), -1),
    nextDouble(nextDouble(a, 1), 1),
  ];
  const abs = (n: bigint) => (n < 0n ? -n : n);
  candidates.sort((x, y) => (abs(exactFixed(x) - target) < abs(exactFixed(y) - target) ? -1 : 1));
  return candidates.slice(0, 3).flatMap((x) => [x, -x]);
}

/** The neighbouring double of a positive `x` in direction `step` (±1). */
function nextDouble(x: number, step: 1 | -1): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(step));
  return view.getFloat64(0);
}
