/**
 * Chapter 06's flat views (notebooks/figures/projection-views.ts): the divide by w shrinks towards the
 * origin, and the lecture's 10–20 m box lands on the screen's corners, y up or down.
 */

import { describe, expect, it } from "vitest";
import { type Mat4, mat4, projection, scalar } from "../../lib/index.ts";
import {
  projectionTaxonomy,
  taxonomyPanels,
  throughMatrix,
  toPixelPoints,
} from "../../notebooks/figures/projection-views.ts";

describe("throughMatrix", () => {
  it("S_w scales every point by 1/w towards the origin", () => {
    const sw: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2];
    expect(
      throughMatrix(
        [
          [3, 1],
          [1.5, 0.5],
        ],
        sw,
      ),
    ).toEqual([
      [1.5, 0.5],
      [0.75, 0.25],
    ]);
  });
});

describe("toPixelPoints", () => {
  const ortho = projection.orthographic(10, 20, 10, 20, -1, 1);
  const points = [
    { name: "(10, 10)", p: [10, 10, 0] as [number, number, number] },
    { name: "(20, 20)", p: [20, 20, 0] as [number, number, number] },
    { name: "(15, 15)", p: [15, 15, 0] as [number, number, number] },
  ];

  it("maps the box's corners to the screen's corners and labels each point", () => {
    const [a, b, c] = toPixelPoints(points, mat4.multiply(projection.viewport(0, 0, 640, 480), ortho), 640);
    expect([a!.px, a!.py]).toEqual([0, 0]);
    expect(b!.px).toBeCloseTo(640, 9);
    expect(b!.py).toBeCloseTo(480, 9);
    expect([a!.anchor, b!.anchor, c!.anchor]).toEqual(["start", "end", "middle"]);
    expect(b!.label).toBe("(20, 20) m → (640, 480)");
  });

  it("with y growing down, (10, 10) m is the bottom-left pixel (0, height)", () => {
    const [a] = toPixelPoints(points, mat4.multiply(projection.viewport(0, 480, 640, -480), ortho), 640);
    expect(a!.px).toBeCloseTo(0, 9);
    expect(a!.py).toBeCloseTo(480, 9);
  });
});

describe("projectionTaxonomy and taxonomyPanels", () => {
  const taxonomy = projectionTaxonomy(scalar.degToRad(45), 2.2);
  const panels = taxonomyPanels(taxonomy, mat4.identity(), 2);

  it("draws the 12 edges in each of four panels, two a row", () => {
    expect(taxonomy.map(([name]) => name)).toEqual([
      "orthographic",
      "cavalier (k = 1)",
      "cabinet (k = ½)",
      "perspective",
    ]);
    expect(panels.edges).toHaveLength(48);
    expect(panels.titles.map(({ column, row }) => [column, row])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
  });

  it("orthographic hides the Z edges; cavalier draws them full length, cabinet at half; the front face keeps its size", () => {
    const zLengths = (panel: number) =>
      panels.edges
        .filter((e, i) => Math.floor(i / 12) === panel && e.axis === "Z")
        .map((e) => Math.hypot(e.x2 - e.x1, e.y2 - e.y1));
    for (const l of zLengths(0)) expect(l).toBeCloseTo(0, 14);
    for (const l of zLengths(1)) expect(l).toBeCloseTo(1, 12);
    for (const l of zLengths(2)) expect(l).toBeCloseTo(0.5, 12);
  });

  it("perspective keeps the plane through the centre at true size: the back face is smaller by (d − ½)/(d + ½)", () => {
    const xs = panels.edges.filter((e, i) => Math.floor(i / 12) === 3 && e.axis === "Z");
    for (const e of xs) {
      const r = Math.min(Math.abs(e.x1 / e.x2), Math.abs(e.x2 / e.x1));
      expect(r).toBeCloseTo(1.7 / 2.7, 12);
    }
  });
});
