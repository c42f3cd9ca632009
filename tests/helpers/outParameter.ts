/**
 * One helper proves the `out` contract of every hot-path function: the
 * result with `out` equals the result without it, `out` is the returned
 * object, `out` may alias any input, and inputs are never changed.
 */

import { describe, expect, it } from "vitest";

type Tuple = number[];

/**
 * Declares the `out` tests for `fn(...inputs, out?)`.
 * @param name - Function name for the test titles, e.g. `"quat.multiply"`.
 * @param fn - The function; its last parameter is the optional `out`.
 * @param inputs - Sample arguments; the array-valued ones are candidates for aliasing.
 */
export function describeOutParameter(name: string, fn: (...args: any[]) => Tuple, inputs: readonly unknown[]): void {
  const copyArgs = (): unknown[] => inputs.map((a) => (Array.isArray(a) ? [...a] : a));
  const expected = fn(...copyArgs());

  describe(`${name} with out`, () => {
    it("returns a new tuple and leaves its inputs untouched without out", () => {
      const args = copyArgs();
      const result = fn(...args);
      expect(args).toEqual(inputs);
      for (const a of args) expect(result).not.toBe(a);
    });

    it("fills and returns out, with the same numbers as without it", () => {
      const out: Tuple = new Array(expected.length).fill(Number.NaN);
      const args = copyArgs();
      const result = fn(...args, out);
      expect(result).toBe(out);
      expect(out).toEqual(expected);
      expect(args).toEqual(inputs);
    });

    inputs.forEach((input, index) => {
      if (!Array.isArray(input) || input.length !== expected.length) return;
      it(`works when out is argument ${index} itself (aliasing)`, () => {
        const args = copyArgs();
        const alias = args[index] as Tuple;
        const result = fn(...args, alias);
        expect(result).toBe(alias);
        expect(alias).toEqual(expected);
      });
    });
  });
}
