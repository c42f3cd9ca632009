/**
 * Chapter 06's facts (camera and projection), each computed: docs/curriculum.md lists them with this file, and the
 * chapter shows the same numbers in a live cell (notebooks/06-camera-and-projection.html).
 */

import { describe, expect, it } from "vitest";
import { mat4, projection, scalar } from "../../../lib/index.ts";
import { rotation } from "../../helpers/arbitraries.ts";
import { TIGHT } from "../../helpers/tolerance.ts";

const deg = scalar.degToRad;

describe("chapter 06: camera and projection", () => {
  const m = (opts: projection.ProjectionOptions, far = 100) => {
    const p = projection.perspective(deg(90), 1, 1, far, opts);
    return [p[10], p[14]];
  };
  it("fact 6.1: fovY 90°, aspect 1, near 1, far 100 gives (m[10], m[14]) for each depth range", () => {
    expect(m({})).toBeCloseToVec([-101 / 99, -200 / 99], TIGHT);
    expect(m({ depth: "zeroToOne" })).toBeCloseToVec([-100 / 99, -100 / 99], TIGHT);
    expect(m({ depth: "zeroToOne", reversed: true })).toBeCloseToVec([1 / 99, 100 / 99], TIGHT);
    expect(m({}, Infinity)).toEqual([-1, -2]);
    expect(m({ depth: "zeroToOne" }, Infinity)).toEqual([-1, -1]);
  });
  it("fact 6.2: z = −near maps to the near end and z = −far to the far end of each range", () => {
    const cases: [projection.ProjectionOptions, number, number][] = [
      [{}, -1, 1],
      [{ depth: "zeroToOne" }, 0, 1],
      [{ depth: "zeroToOne", reversed: true }, 1, 0],
      [{ reversed: true }, 1, -1],
    ];
    for (const [opts, atNear, atFar] of cases) {
      const p = projection.perspective(deg(90), 1, 1, 100, opts);
      expect(projection.project(p, [0, 0, -1])[2]).toBeCloseTo(atNear, 14);
      expect(projection.project(p, [0, 0, -100])[2]).toBeCloseTo(atFar, 13);
      const o = projection.orthographic(-1, 1, -1, 1, 1, 100, opts);
      expect(projection.project(o, [0, 0, -1])[2]).toBeCloseTo(atNear, 14);
      expect(projection.project(o, [0, 0, -100])[2]).toBeCloseTo(atFar, 13);
    }
  });
  it("fact 6.4: the slide's frustum left = bottom = 10 m, right = top = 20 m maps (10,10) and (20,20) to the screen's corners", () => {
    for (const [width, height] of [
      [640, 480],
      [1920, 1080],
    ] as const) {
      const toPixels = mat4.multiply(
        projection.viewport(0, 0, width, height),
        projection.orthographic(10, 20, 10, 20, -1, 1),
      );
      expect(projection.project(toPixels, [10, 10, 0]).slice(0, 2)).toBeCloseToVec([0, 0], TIGHT);
      expect(projection.project(toPixels, [20, 20, 0]).slice(0, 2)).toBeCloseToVec([width, height], TIGHT);
      expect(projection.project(toPixels, [15, 15, 0]).slice(0, 2)).toBeCloseToVec([width / 2, height / 2], TIGHT);
      // only scales and translates: no rotation or perspective terms
      expect([toPixels[1], toPixels[4], toPixels[3], toPixels[7], toPixels[11]]).toEqual([0, 0, 0, 0, 0]);
    }
  });
});
