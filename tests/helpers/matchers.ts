/**
 * Custom Vitest matchers that explain their failures in the units a person
 * thinks in: rotations differ by an angle in degrees, vectors by index.
 *
 * Registered for every test file by `setup.ts`.
 */

import { expect } from "vitest";
import { type Quat, quat, scalar } from "../../lib/index.ts";
import type { Tolerance } from "../../lib/index.ts";
import { ROTATION_TOLERANCE_RAD } from "./tolerance.ts";

interface CourseMatchers<R = unknown> {
  /**
   * The received quaternion is the same rotation as `expected` (`q ≡ −q`),
   * within `toleranceRad` radians (default {@link ROTATION_TOLERANCE_RAD}).
   * The failure message gives the angle between them in degrees.
   */
  toBeSameRotation(expected: Readonly<Quat>, toleranceRad?: number): R;
  /**
   * Every entry of the received array is within tolerance of `expected`'s
   * (`|a − b| ≤ atol + rtol·|b|`). The failure names each index that is off and by how much.
   */
  toBeCloseToVec(expected: readonly number[], tol?: Partial<Tolerance>): R;
}

declare module "vitest" {
  interface Matchers<T = any> extends CourseMatchers<T> {}
}

/** Formats a number for messages: 12 significant digits, no trailing zeros. */
function fmt(x: number): string {
  return String(Number(x.toPrecision(12)));
}

expect.extend({
  toBeSameRotation(received: Quat, expected: Readonly<Quat>, toleranceRad: number = ROTATION_TOLERANCE_RAD) {
    const angle = quat.angleBetween(received, expected);
    const pass = angle <= toleranceRad;
    const deg = scalar.radToDeg(angle);
    return {
      pass,
      message: () =>
        pass
          ? `expected ${this.utils.printReceived(received)} not to be the rotation ${this.utils.printExpected(expected)}, ` +
            `but they are ${deg.toExponential(3)}° apart`
          : `expected ${this.utils.printReceived(received)} to be the rotation ${this.utils.printExpected(expected)}: ` +
            `they are ${deg.toPrecision(6)}° apart (${angle.toExponential(3)} rad; ` +
            `tolerance ${scalar.radToDeg(toleranceRad).toExponential(2)}°)`,
    };
  },

  toBeCloseToVec(received: readonly number[], expected: readonly number[], tol: Partial<Tolerance> = {}) {
    const t: Tolerance = { ...scalar.DEFAULT_TOLERANCE, ...tol };
    const problems: string[] = [];
    if (received.length !== expected.length) {
      problems.push(`length ${received.length}, expected ${expected.length}`);
    } else {
      for (let i = 0; i < expected.length; i++) {
        const a = received[i]!;
        const b = expected[i]!;
        if (!scalar.approxEqual(a, b, t)) {
          problems.push(`[${i}]: got ${fmt(a)}, expected ${fmt(b)} (off by ${Math.abs(a - b).toExponential(2)})`);
        }
      }
    }
    const pass = problems.length === 0;
    return {
      pass,
      message: () =>
        pass
          ? `expected ${this.utils.printReceived(received)} not to be close to ${this.utils.printExpected(expected)}`
          : `expected ${this.utils.printReceived(received)} to be close to ${this.utils.printExpected(expected)} ` +
            `(atol ${t.atol}, rtol ${t.rtol}):\n  ${problems.join("\n  ")}`,
    };
  },
});
