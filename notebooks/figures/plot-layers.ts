/**
 * Layers of a Plot chart drawn once and stamped into every redraw.
 *
 * A chart redrawn by a slider often has a costly layer that the slider does not change — chapter 14's
 * contours of a distance field sample the field at every few pixels, tens of thousands of evaluations,
 * while the slider only moves a ray over them. Plot has no memory between two `Plot.plot` calls, so the
 * contours would be sampled again on every move.
 *
 * `drawOnce(layout, marks)` draws `marks` once, in a chart with the same `layout` (size, scales, margins)
 * as the chart they will go into, and returns one Plot *render function* per mark: a mark that is only a
 * function returning an SVG element, which Plot appends as it is. Each returns a fresh copy of what the
 * mark drew, so the redrawn chart is element for element what it would be with the marks themselves —
 * provided its layout is the same (the scales fixed by explicit domains, not by the other marks' data).
 */

import * as Plot from "../runtime/plot.js";

/** The chart's size, scales and margins, shared by the layers and the chart (no legend, title or caption). */
export type PlotLayout = Omit<Plot.PlotOptions, "marks" | "caption" | "title" | "subtitle">;

/**
 * Draws `marks` once in a chart of `layout` and returns a render function per mark that stamps a copy
 * of its drawing. Throws if a mark drew nothing (it would have no layer to stamp) or the layout makes
 * Plot wrap the chart in a figure (a legend).
 */
export function drawOnce(layout: PlotLayout, marks: readonly Plot.Markish[]): Plot.RenderFunction[] {
  // Plot draws the axes first, then the marks in order: an empty marker before the marks tells where they begin.
  const marker = document.createElementNS("http://www.w3.org/2000/svg", "g");
  const drawn = Plot.plot({ ...layout, marks: [() => marker, ...marks] });
  if (drawn.localName !== "svg") throw new Error("drawOnce: the layout has a legend");
  const children = Array.from(drawn.children);
  const layers = children.slice(children.indexOf(marker) + 1);
  if (layers.length !== marks.length) throw new Error(`drawOnce: ${marks.length} marks drew ${layers.length} layers`);
  return layers.map((layer) => () => layer.cloneNode(true) as SVGElement);
}
