import { describe, expect, it } from "vitest";
import { quat, scalar } from "../../lib/index.ts";

describe("toBeSameRotation", () => {
  const q = quat.fromAxisAngle([0, 0, 1], 1);
  it("passes for q and −q", () => {
    expect(q).toBeSameRotation([-q[0], -q[1], -q[2], -q[3]]);
  });
  it("fails on a wrong rotation and reports the angle between them in degrees", () => {
    const wrong = quat.fromAxisAngle([0, 0, 1], 1 + scalar.degToRad(2));
    expect(() => expect(wrong).toBeSameRotation(q)).toThrow(/they are 2\.00000° apart/);
  });
  it("honours .not", () => {
    expect(() => expect(q).not.toBeSameRotation(q)).toThrow(/not to be the rotation/);
  });
});

describe("toBeCloseToVec", () => {
  it("passes within |a − b| ≤ atol + rtol·|b|", () => {
    expect([1, 2, 3 + 1e-10]).toBeCloseToVec([1, 2, 3]);
  });
  it("fails on a wrong value and names each index that is off, with the difference", () => {
    expect(() => expect([1, 2.5, 3, 4.25]).toBeCloseToVec([1, 2, 3, 4])).toThrow(
      /\[1\]: got 2\.5, expected 2 \(off by 5\.00e-1\)\n\s+\[3\]: got 4\.25, expected 4 \(off by 2\.50e-1\)/,
    );
  });
  it("fails on a length mismatch", () => {
    expect(() => expect([1, 2]).toBeCloseToVec([1, 2, 3])).toThrow(/length 2, expected 3/);
  });
});
