/**
 * Chapter 06, sections 8 and 9: the chapter's projection matrices checked — against three.js, which computes
 * the same matrices its own way, and against the lecture's facts (the depth row's entries, where near and far
 * land in each depth range, the 10–20 m box on the screen's corners). Each number is the largest absolute
 * difference found; the chapter's table and tests/lib/facts/06-camera-and-projection.test.ts hold them small.
 */

import * as THREE from "three";
import { type Mat4, mat4, projection, scalar } from "../../lib/index.ts";

/** The largest |a[i] − b[i]| (b as long as a). */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));
}

/**
 * Sets a three.js camera to a depth convention: the 0..1 range through `coordinateSystem`, and reversed depth
 * through the read-only `reversedDepth`, which three.js's renderer sets from its depth buffer — done here as
 * the renderer does it. Returns the camera with its projection matrix updated.
 */
export function threeCamera<C extends THREE.PerspectiveCamera | THREE.OrthographicCamera>(
  cam: C,
  depth: projection.DepthRange,
  reversed: boolean,
): C {
  cam.coordinateSystem = depth === "zeroToOne" ? THREE.WebGPUCoordinateSystem : THREE.WebGLCoordinateSystem;
  (cam as unknown as { _reversedDepth: boolean })._reversedDepth = reversed;
  cam.updateProjectionMatrix();
  return cam;
}

/** One row of the comparison with three.js. */
export interface ThreeCheckRow {
  camera: string;
  depth: string;
  difference: number;
}

/**
 * Our perspective (fovY `fovDeg`, aspect 1.5, `near`, `far`) and the lecture's orthographic 10–20 m box
 * against three.js's `PerspectiveCamera` and `OrthographicCamera`, in −1..1, 0..1 and reversed 0..1 depth.
 * three.js's orthographic camera takes (left, right, top, bottom, …): top and bottom swap places.
 */
export function threeChecks(fovDeg: number, near: number, far: number): ThreeCheckRow[] {
  const cases: [projection.DepthRange, boolean][] = [
    ["negOneToOne", false],
    ["zeroToOne", false],
    ["zeroToOne", true],
  ];
  return cases.flatMap(([depth, reversed]) => {
    const name = `${depth}${reversed ? ", reversed" : ""}`;
    const ours = projection.perspective(scalar.degToRad(fovDeg), 1.5, near, far, { depth, reversed });
    const theirs = threeCamera(new THREE.PerspectiveCamera(fovDeg, 1.5, near, far), depth, reversed);
    const oursOrtho = projection.orthographic(10, 20, 10, 20, 0.5, 50, { depth, reversed });
    const theirsOrtho = threeCamera(new THREE.OrthographicCamera(10, 20, 20, 10, 0.5, 50), depth, reversed);
    return [
      {
        camera: `PerspectiveCamera(${fovDeg}, 1.5, ${near}, ${far})`,
        depth: name,
        difference: maxDifference(ours, theirs.projectionMatrix.elements),
      },
      {
        camera: "OrthographicCamera(10, 20, 20, 10, 0.5, 50)",
        depth: name,
        difference: maxDifference(oursOrtho, theirsOrtho.projectionMatrix.elements),
      },
    ];
  });
}

/** Facts 6.1, 6.2 and 6.4 (6.3 is {@link threeChecks}). */
export interface ProjectionFacts {
  /** 6.1: largest error of (m₁₀, m₁₄) for fovY 90°, aspect 1, near 1, in five conventions. */
  depthRow: number;
  /** 6.1 as measured, e.g. "−1..1: (-1.0202, -2.0202); …". */
  depthRowText: string;
  /** 6.2: largest error of z = −n and z = −f landing on the ends of each depth range. */
  rangeEnds: number;
  /** 6.4: largest error (pixels) of the 10–20 m box's corners on 640×480 and 1920×1080 screens. */
  screenCorners: number;
}

/** Measures {@link ProjectionFacts}. */
export function projectionFacts(): ProjectionFacts {
  const entries = (far: number, opts: projection.ProjectionOptions) => {
    const m = projection.perspective(Math.PI / 2, 1, 1, far, opts);
    return [m[10], m[14]] as const;
  };
  const depthRowCases: [string, number, projection.ProjectionOptions, [number, number]][] = [
    ["−1..1", 100, {}, [-101 / 99, -200 / 99]],
    ["0..1", 100, { depth: "zeroToOne" }, [-100 / 99, -100 / 99]],
    ["0..1 reversed", 100, { depth: "zeroToOne", reversed: true }, [1 / 99, 100 / 99]],
    ["−1..1, far ∞", Infinity, {}, [-1, -2]],
    ["0..1, far ∞", Infinity, { depth: "zeroToOne" }, [-1, -1]],
  ];
  const rangeCases: [projection.ProjectionOptions, number, number][] = [
    [{}, -1, 1],
    [{ depth: "zeroToOne" }, 0, 1],
    [{ depth: "zeroToOne", reversed: true }, 1, 0],
    [{ reversed: true }, 1, -1],
  ];
  const endsError = (m: Readonly<Mat4>, atNear: number, atFar: number) =>
    Math.max(
      Math.abs(projection.project(m, [0, 0, -1])[2] - atNear),
      Math.abs(projection.project(m, [0, 0, -100])[2] - atFar),
    );
  const cornersError = ([w, h]: [number, number]) => {
    const m = mat4.multiply(projection.viewport(0, 0, w, h), projection.orthographic(10, 20, 10, 20, -1, 1));
    return Math.max(
      maxDifference(projection.project(m, [10, 10, 0]).slice(0, 2), [0, 0]),
      maxDifference(projection.project(m, [20, 20, 0]).slice(0, 2), [w, h]),
    );
  };
  return {
    depthRow: Math.max(...depthRowCases.map(([, far, opts, want]) => maxDifference(entries(far, opts), want))),
    depthRowText: depthRowCases
      .map(
        ([name, far, opts]) =>
          `${name}: (${entries(far, opts)
            .map((x) => x.toFixed(4))
            .join(", ")})`,
      )
      .join("; "),
    rangeEnds: Math.max(
      ...rangeCases.flatMap(([opts, atNear, atFar]) =>
        [projection.perspective(Math.PI / 2, 1, 1, 100, opts), projection.orthographic(-1, 1, -1, 1, 1, 100, opts)].map(
          (m) => endsError(m, atNear, atFar),
        ),
      ),
    ),
    screenCorners: Math.max(
      ...(
        [
          [640, 480],
          [1920, 1080],
        ] as [number, number][]
      ).map(cornersError),
    ),
  };
}
