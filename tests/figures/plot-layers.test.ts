// @vitest-environment happy-dom
/**
 * drawOnce (notebooks/figures/plot-layers.ts): a chart with stamped layers is element for element the
 * chart with the marks themselves, and the stamped mark's work (sampling a field) is done once.
 */

import * as Plot from "@observablehq/plot";
import { describe, expect, it } from "vitest";
import { drawOnce, type PlotLayout } from "../../notebooks/figures/plot-layers.ts";

const layout: PlotLayout = { width: 320, aspectRatio: 1, x: { domain: [-2, 2] }, y: { domain: [-2, 2] } };
let calls = 0;
const field = (x: number, y: number) => (calls++, Math.hypot(x, y) - 1);
const contour = () => Plot.contour({ x1: -2, x2: 2, y1: -2, y2: 2, value: field, thresholds: [0, 0.5], pixelSize: 8 });
const ray = () =>
  Plot.line(
    [
      [0, 0],
      [1.5, 0.5],
    ],
    { stroke: "red" },
  );

describe("drawOnce", () => {
  it("stamps what the marks draw, in place, so the chart is unchanged", () => {
    const direct = Plot.plot({ ...layout, marks: [contour(), Plot.dot([[0, 0]]), ray()] });
    const layers = drawOnce(layout, [contour(), Plot.dot([[0, 0]])]);
    const stamped = Plot.plot({ ...layout, marks: [layers, ray()] });
    expect(layers).toHaveLength(2);
    expect(stamped.outerHTML).toBe(direct.outerHTML);
  });

  it("samples the field once, however often the chart is drawn again", () => {
    calls = 0;
    const layers = drawOnce(layout, [contour()]);
    const once = calls;
    expect(once).toBeGreaterThan(100);
    for (let i = 0; i < 3; i++) Plot.plot({ ...layout, marks: [layers, ray()] });
    expect(calls).toBe(once);
  });

  it("stamps a mark whose data labels an axis, and refuses one that draws nothing", () => {
    const labelled = Plot.dot([{ x: 1, y: 1 }], { x: "x", y: "y" });
    expect(drawOnce(layout, [labelled])).toHaveLength(1);
    expect(() => drawOnce(layout, [() => null])).toThrow(/1 marks drew 0 layers/);
  });
});
