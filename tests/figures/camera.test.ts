/**
 * Chapter 06's line drawings (notebooks/figures/camera.ts): what a camera sees of the cube, in NDC.
 */

import { describe, expect, it } from "vitest";
import { mat4, projection, scalar } from "../../lib/index.ts";
import { cubeEdges, flatEdges, seenEdges } from "../../notebooks/figures/camera.ts";

const perspective = projection.perspective(scalar.degToRad(40), 1.5, 0.5, 10);

describe("flatEdges", () => {
  it("keeps x and y of both ends and names the axis", () => {
    const flat = flatEdges(cubeEdges(0.5));
    expect(flat).toHaveLength(12);
    expect(flat.filter((e) => e.axis === "Z")).toHaveLength(4);
    for (const e of flat.filter((e) => e.axis === "Z")) expect([e.x1, e.y1]).toEqual([e.x2, e.y2]);
  });
});

describe("seenEdges", () => {
  it("a camera 4 units in front sees all 12 edges, inside NDC, and the near face larger than the far one", () => {
    const pv = mat4.multiply(perspective, mat4.lookAt([0, 0, 4], [0, 0, 0], [0, 1, 0]));
    const seen = seenEdges(pv, cubeEdges(0.5));
    expect(seen).toHaveLength(12);
    for (const e of seen) for (const v of [e.x1, e.y1, e.x2, e.y2]) expect(Math.abs(v)).toBeLessThan(1);
    // the front face (z = 0.5) is 3.5 away, the back 4.5: its corners sit further out by 4.5 / 3.5
    const xs = seen.filter((e) => e.axis === "Z").map((e) => Math.abs(e.x1 / e.x2));
    for (const r of xs) expect(Math.max(r, 1 / r)).toBeCloseTo(4.5 / 3.5, 12);
  });

  it("leaves out the edges that reach behind the eye", () => {
    const pv = mat4.multiply(perspective, mat4.lookAt([0, 0, 0.2], [0, 0, -1], [0, 1, 0]));
    const seen = seenEdges(pv, cubeEdges(0.5));
    expect(seen).toHaveLength(4); // only the four edges of the back face z = −0.5
    expect(seen.every((e) => e.axis !== "Z")).toBe(true);
  });
});
