/**
 * The comparisons that grade every answer (tools/isomorphic/compare.ts): each accepts every correct form
 * of an answer, refuses the wrong ones, and says why in human units with its tolerance.
 */

import { describe, expect, it } from "vitest";
import { type Quat, axisAngle, ellipsoid, euler, mat3, quat } from "../../../lib/index.ts";
import { asCode, compare, describe as show, toleranceProblem } from "../../../tools/isomorphic/compare.ts";

const turn = (axis: [number, number, number], angle: number) => quat.fromAxisAngle(axis, angle);
const negate = (q: Quat): Quat => [-q[0], -q[1], -q[2], -q[3]];

describe("describe", () => {
  it("shows NaN, ±Infinity and undefined as such", () => {
    expect(show([Number.NaN, Infinity, -Infinity, undefined])).toBe("[NaN, Infinity, -Infinity, undefined]");
  });
});

describe("asCode", () => {
  it("writes a case's arguments as code that rebuilds them bit for bit", () => {
    const args = [[0.1 + 0.2, -0, Number.NaN, -Infinity, 1e-300, Math.PI], { axis: [0, 1, 0], "two words": "x" }, 7];
    const code = asCode(args);
    expect(code).toBe(
      '[[0.30000000000000004, -0, NaN, -Infinity, 1e-300, 3.141592653589793], { axis: [0, 1, 0], "two words": "x" }, 7]',
    );
    const rebuilt = new Function(`return ${code}`)() as typeof args;
    expect(Object.is((rebuilt[0] as number[])[1], -0)).toBe(true);
    expect(rebuilt).toEqual(args);
  });
});

describe("numbers", () => {
  const c = { kind: "numbers", atol: 1e-12, rtol: 0 } as const;
  it("passes within atol + rtol·|expected| and prints the tolerance when it fails", () => {
    expect(compare([1, 2], [1 + 1e-13, 2], c).pass).toBe(true);
    expect(compare([1, 2.5], [1, 2], c)).toMatchObject({
      pass: false,
      error: "[1]: expected 2, got 2.5 — off by 0.5 (tolerance 1.00e-12 + 0·|expected|)",
    });
  });
  it("names a matrix entry by row and column (column-major)", () => {
    const got = mat3.identity();
    got[7] = 0.25; // column 3, row 2
    expect(compare(got, mat3.identity(), c).error).toMatch(/^row 2, column 3: expected 0, got 0\.25/);
  });
  it("names a point's coordinate with layout: points (nine numbers are three points, not a Mat3)", () => {
    const chain = [0, 0, 0, 1, 0, 0, 2, 0, 0];
    const got = [...chain];
    got[7] = 0.5; // point 2, y
    const error = compare(got, chain, { ...c, layout: "points" }).error;
    expect(error).toMatch(/^point 2, y: expected 0, got 0\.5/);
  });
  it("reports the NaN entry, not a later larger one", () => {
    expect(compare([Number.NaN, Infinity], [0, 0], c).error).toMatch(/^\[0\]: expected 0, got NaN/);
  });
});

describe("rotationMatrix", () => {
  const R = axisAngle.toMat3([1, 2, 2], 1);
  it("holds the answer to its own tolerance: a matrix scaled by 1 + 2e-7 is not a rotation at 1e-9 rad", () => {
    expect(compare(R, R, { kind: "rotationMatrix" }).pass).toBe(true);
    const scaled = R.map((x) => x * (1 + 2e-7));
    expect(compare(scaled, R, { kind: "rotationMatrix" }).error).toMatch(
      /^not a rotation: ‖RᵀR − I‖ = .* \(tolerance 1\.00e-9\)$/,
    );
    expect(compare(scaled, R, { kind: "rotationMatrix", toleranceRad: 1e-6 }).pass).toBe(true);
  });
  it("holds orthonormality and the angle to tolerances of their own where they are given", () => {
    const loose = { kind: "rotationMatrix", toleranceRad: 1e-6, orthonormality: 1e-9 } as const;
    // 2e-7 off orthonormal: within the angle's 1e-6, beyond the orthonormality's 1e-9.
    expect(
      compare(
        R.map((x) => x * (1 + 2e-7)),
        R,
        loose,
      ).error,
    ).toMatch(/^not a rotation: .*\(tolerance 1\.00e-9\)$/);
    // Orthonormal, 1e-7 rad off: the angle's own tolerance decides.
    expect(compare(axisAngle.toMat3([1, 2, 2], 1 + 1e-7), R, loose).pass).toBe(true);
    expect(toleranceProblem({ kind: "rotationMatrix", orthonormality: 0 })).toMatch(/orthonormality = 0/);
  });
  it("refuses a reflection and says how far off a rotation is, in degrees", () => {
    expect(compare(mat3.multiply(R, [-1, 0, 0, 0, 1, 0, 0, 0, 1]), R, { kind: "rotationMatrix" }).error).toMatch(
      /reflection/,
    );
    expect(compare(axisAngle.toMat3([1, 2, 2], 1.01), R, { kind: "rotationMatrix" }).error).toMatch(
      /^off by 0\.573° \(tolerance 5\.73e-8°\)$/,
    );
  });
});

describe("rotationQuat", () => {
  const q = turn([0, 1, 0], 1);
  it("takes q and −q as the same rotation unless the sign is pinned", () => {
    expect(compare(negate(q), q, { kind: "rotationQuat" }).pass).toBe(true);
    expect(compare(negate(q), q, { kind: "rotationQuat", sign: "pinned" }).error).toMatch(/^same rotation, other sign/);
  });
  it("refuses a quaternion that is not unit length", () => {
    expect(
      compare(
        q.map((x) => 2 * x),
        q,
        { kind: "rotationQuat" },
      ).error,
    ).toMatch(/^not unit length/);
  });
});

describe("eulerAngles", () => {
  it("accepts any triple that builds the same matrix (gimbal lock)", () => {
    const a = [0.3, Math.PI / 2, 0.5] as [number, number, number];
    const b = [0.4, Math.PI / 2, 0.6] as [number, number, number]; // only the difference survives at +90° (ZYX extrinsic)
    expect(euler.toMat3(a, "XYZ", "extrinsic")).toBeCloseToVec(euler.toMat3(b, "XYZ", "extrinsic"), {
      atol: 1e-15,
      rtol: 0,
    });
    expect(compare(b, a, { kind: "eulerAngles", order: "XYZ", frame: "extrinsic" }).pass).toBe(true);
  });
});

describe("axisAngle", () => {
  const expected = { axis: [0, 0, 1], angle: 1 };
  it("checks the contract: a unit axis and an angle in [0, π]", () => {
    expect(compare({ axis: [0, 0, 1], angle: 1 }, expected, { kind: "axisAngle" }).pass).toBe(true);
    expect(compare({ axis: [0, 0, -1], angle: 2 * Math.PI - 1 }, expected, { kind: "axisAngle" }).error).toMatch(
      /^the angle must lie in \[0, π\]; got π \+ 2\.14/,
    );
    expect(compare({ axis: [0, 0, 2], angle: 1 }, expected, { kind: "axisAngle" }).error).toMatch(
      /^the axis is not unit length/,
    );
  });
  it("takes n and −n at θ = π", () => {
    expect(
      compare({ axis: [0, 0, -1], angle: Math.PI }, { axis: [0, 0, 1], angle: Math.PI }, { kind: "axisAngle" }).pass,
    ).toBe(true);
  });
});

describe("rotatesOnto", () => {
  const u = [1, 0, 0];
  it("accepts any half turn about an axis ⟂ u for v = −u", () => {
    for (const axis of [
      [0, 1, 0],
      [0, 0, 1],
      [0, 0.6, 0.8],
    ] as [number, number, number][])
      expect(compare(turn(axis, Math.PI), null, { kind: "rotatesOnto", shortest: true }, [u, [-1, 0, 0]]).pass).toBe(
        true,
      );
  });
  it("with shortest, refuses a rotation that lands but turns the long way", () => {
    const longWay = quat.multiply(turn([0, 1, 0], Math.PI), turn([0, 0, 1], Math.PI / 2)); // X → Y, then about Y
    expect(compare(longWay, null, { kind: "rotatesOnto" }, [u, [0, 1, 0]]).pass).toBe(true);
    expect(compare(longWay, null, { kind: "rotatesOnto", shortest: true }, [u, [0, 1, 0]]).error).toMatch(
      /not the shortest way/,
    );
  });
});

describe("line", () => {
  it("takes d and −d, and refuses a non-unit or tilted direction", () => {
    expect(compare([0, 0, -1], [0, 0, 1], { kind: "line" }).pass).toBe(true);
    expect(compare([0, 0, 2], [0, 0, 1], { kind: "line" }).error).toMatch(/^not unit length/);
    expect(compare([Math.sin(1e-6), 0, Math.cos(1e-6)], [0, 0, 1], { kind: "line" }).error).toMatch(
      /^off by 5\.73e-5°/,
    );
  });
});

describe("exact", () => {
  it("compares booleans and strings exactly, and never passes undefined", () => {
    expect(compare(true, true, { kind: "exact" }).pass).toBe(true);
    expect(compare(undefined, null, { kind: "exact" }).pass).toBe(false);
  });
});

describe("toleranceProblem", () => {
  it("refuses zero tolerances", () => {
    expect(toleranceProblem({ kind: "numbers", atol: 0, rtol: 0 })).toMatch(/atol = rtol = 0/);
    expect(toleranceProblem({ kind: "rotationQuat", toleranceRad: 0 })).toMatch(/toleranceRad = 0/);
    expect(toleranceProblem({ kind: "numbers", atol: 0, rtol: 1e-9 })).toBeUndefined();
    expect(toleranceProblem({ kind: "ellipsoid", rtol: 0 })).toMatch(/rtol = 0/);
  });
});

describe("ellipsoid", () => {
  const c = { kind: "ellipsoid", rtol: 1e-12 } as const;
  // The blog's mirror: a prolate spheroid, its long axis along the foci.
  const e = ellipsoid.fromFoci([-50, 40, 0], [50, 70, 0], 100);
  const json = (x: object) => JSON.parse(JSON.stringify(x));
  it("accepts the same surface whatever spin the rotation carries about the long axis", () => {
    const axis = quat.rotateVec3(e.rotation, [0, 0, 1]);
    const spun = { ...e, rotation: quat.multiply(quat.fromAxisAngle(axis, 1.234), e.rotation) };
    expect(compare(spun, json(e), c)).toMatchObject({ pass: true });
  });
  it("accepts the radii listed in another order under the matching rotation", () => {
    // Local x ↔ z swapped: a quarter turn about y moves the long axis from local z to local x.
    const swapped = {
      center: e.center,
      rotation: quat.multiply(e.rotation, quat.fromAxisAngle([0, 1, 0], Math.PI / 2)),
      radii: [e.radii[2], e.radii[1], e.radii[0]],
    };
    expect(compare(swapped, json(e), c).pass).toBe(true);
    // …unless the exercise fixes which local axis is the long one.
    expect(compare(swapped, json(e), { ...c, radii: "ordered" }).error).toMatch(/not in the order asked for/);
    expect(compare(e, json(e), { ...c, radii: "ordered" }).pass).toBe(true);
  });
  it("refuses another surface, a moved centre, a non-unit rotation and a zero radius, saying which", () => {
    const wide = { ...e, radii: [e.radii[0], e.radii[1], e.radii[2] * (1 + 1e-6)] };
    expect(compare(wide, json(e), c).error).toMatch(/^not the same surface: .* off by/);
    expect(compare({ ...e, center: [e.center[0] + 1e-6, e.center[1], 0] }, json(e), c).error).toMatch(/^centre off/);
    expect(compare({ ...e, rotation: quat.multiply([0, 0, 0, 2], e.rotation) }, json(e), c).error).toMatch(
      /^rotation: not unit/,
    );
    expect(compare({ ...e, radii: [0, 50, 72] }, json(e), c).error).toMatch(/^radii: expected 3 positive/);
    expect(compare(null, json(e), c).pass).toBe(false);
  });
});
