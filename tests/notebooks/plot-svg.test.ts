// @vitest-environment happy-dom
/**
 * The figure snapshots' serialiser (plot-svg.ts): the same chart is the same text, a visible change is
 * a changed text, and only Plot's charts are picked out of a cell's output.
 */

import "./dom.ts";
import * as Plot from "@observablehq/plot";
import { describe, expect, it } from "vitest";
import { plotSvgs, serializeSvg } from "./plot-svg.ts";

describe("the figure snapshot", () => {
  const chart = (y: number, { label = "y", stroke = "black" } = {}) =>
    Plot.plot({
      width: 200,
      height: 100,
      y: { label },
      marks: [Plot.frame(), Plot.line([0, y, 2], { x: (_, i) => i, y: (d) => d, stroke, clip: true })],
    });
  const text = (svg: SVGSVGElement | HTMLElement) => serializeSvg(svg as SVGSVGElement, "test");

  it("is the same text for the same chart, though Plot numbers its clip paths on", () => {
    const a = text(chart(1));
    expect(a).toMatch(/clip-path="url\(#id-1\)"/);
    expect(text(chart(1))).toBe(a);
  });

  it("changes when a point moves by a pixel, a colour or a label changes", () => {
    const a = text(chart(1));
    expect(text(chart(1.02))).not.toBe(a); // 1.02 on a 0…2 scale of ~70 px: ~0.7 px
    expect(text(chart(1, { stroke: "red" }))).not.toBe(a);
    expect(text(chart(1, { label: "z" }))).not.toBe(a);
  });

  it("does not change with the last bits of a computation", () => {
    expect(text(chart(1 + 1e-12))).toBe(text(chart(1)));
  });

  it("finds Plot's charts in a cell's output, not other svgs", () => {
    const root = document.createElement("div");
    const marks = [Plot.dot(["a", "b"], { x: (d) => d, fill: (d) => d })];
    const figure = Plot.plot({ color: { legend: true }, marks }); // swatches (each an svg), then the chart
    root.append(figure, document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    expect(figure.querySelectorAll("svg").length).toBeGreaterThan(1);
    expect(plotSvgs(root)).toEqual([figure.querySelector("svg.plot-d6a7b5")]);
  });
});
