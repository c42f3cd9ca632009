/**
 * Chapter 06, section 7: how finely a float32 depth buffer tells surfaces apart, in five conventions. Depth
 * is linear in 1/distance, so standard depth rushes to its far value within a few near-distances and spends
 * the rest of the range on the last few float values near 1: its resolution grows like distance². Reversed
 * 0..1 depth sends the far field to 0, where floats are dense, and keeps a constant relative precision —
 * best with an infinite far plane. `projection.depthResolution` is the model: the float32 rounding step of
 * depth divided by the slope of depth with distance.
 */

import * as Plot from "../runtime/plot.js";
import { projection } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** A depth convention: its name in the charts, its far plane and the projection options that make it. */
export interface DepthMode {
  name: string;
  far: number;
  opts: projection.ProjectionOptions;
}

/** The chapter's five conventions with far plane `far` (the last one always has far = ∞). */
export function depthModes(far: number): DepthMode[] {
  return [
    { name: "−1..1", far, opts: {} },
    { name: "0..1", far, opts: { depth: "zeroToOne" } },
    { name: "−1..1 reversed", far, opts: { reversed: true } },
    { name: "0..1 reversed", far, opts: { depth: "zeroToOne", reversed: true } },
    { name: "0..1 reversed, far = ∞", far: Infinity, opts: { depth: "zeroToOne", reversed: true } },
  ];
}

/** The modes' colours, in their order: a Plot color scale's domain and range. */
export function depthModeColors(modes: readonly DepthMode[]): { domain: string[]; range: string[] } {
  return {
    domain: modes.map((m) => m.name),
    range: [palette.red, palette.amber, palette.violet, palette.blue, palette.green],
  };
}

/** `intervals + 1` distances from `near` to `far`, evenly spaced on a log scale. */
export function logDistances(near: number, far: number, intervals = 160): number[] {
  return Array.from({ length: intervals + 1 }, (_, i) => near * (far / near) ** (i / intervals));
}

/** Each mode's float32 depth resolution at each distance (same units as the distance). */
export function depthResolutionRows(
  modes: readonly DepthMode[],
  distances: readonly number[],
  near: number,
): { mode: string; distance: number; resolution: number }[] {
  return modes.flatMap((m) =>
    distances.map((distance) => ({
      mode: m.name,
      distance,
      resolution: projection.depthResolution(distance, near, m.far, m.opts),
    })),
  );
}

/** Each mode's NDC depth d of a point straight ahead at each distance (fovY 90°, aspect 1). */
export function depthValueRows(
  modes: readonly DepthMode[],
  distances: readonly number[],
  near: number,
): { mode: string; distance: number; depth: number }[] {
  return modes.flatMap((m) =>
    distances.map((distance) => ({
      mode: m.name,
      distance,
      depth: projection.project(projection.perspective(Math.PI / 2, 1, near, m.far, m.opts), [0, 0, -distance])[2],
    })),
  );
}

/**
 * The log–log chart of resolution against distance, one line per mode, and the best a float32 can do
 * (distance × 2⁻²⁴, grey dashed). Some curves coincide (−1..1 with and without reversal up to a factor 2;
 * the reversed 0..1 pair): the first of each pair is drawn wide and the second thin or dashed on top.
 */
export function depthResolutionChart(
  rows: ReturnType<typeof depthResolutionRows>,
  modes: readonly DepthMode[],
  distances: readonly number[],
  { width, caption }: { width: number; caption: string },
): Element {
  return Plot.plot({
    width,
    height: 340,
    caption,
    x: { type: "log", label: "distance from the camera →", grid: true },
    y: { type: "log", label: "↑ float32 depth resolution (same units)", grid: true },
    color: { ...depthModeColors(modes), legend: true },
    marks: [
      ...modes.map((m, i) =>
        Plot.line(
          rows.filter((r) => r.mode === m.name),
          {
            x: "distance",
            y: "resolution",
            stroke: "mode",
            strokeWidth: [5, 2, 2, 5, 2][i],
            strokeDasharray: i === 2 ? "6 4" : i === 4 ? "3 3" : undefined,
          },
        ),
      ),
      Plot.line(
        distances.map((d) => ({ d, r: d * 2 ** -24 })),
        { x: "d", y: "r", stroke: "#999", strokeDasharray: "4 3" },
      ),
      Plot.text([{ d: distances[100]!, r: distances[100]! * 2 ** -24 }], {
        x: "d",
        y: "r",
        text: ["distance × 2⁻²⁴"],
        dy: 12,
        fill: "#777",
      }),
    ],
  });
}
