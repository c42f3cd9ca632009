/**
 * Chapter 05, section 4: a 2D heading is one angle, and blending two headings as plain numbers can go the
 * long way round. From −170° to 170° the numbers pass through 0° (a 340° turn) when a 20° turn would do;
 * blending the difference wrapped to (−π, π] first takes the short way. The dial draws both on a unit
 * circle seen from above, 0° to the right and angles anticlockwise.
 */

import * as Plot from "../runtime/plot.js";
import { interpolate, scalar } from "../../lib/index.ts";
import { palette } from "./palette.ts";

/** The two ways of blending headings the dial compares, in the order of its legend. */
export const HEADING_KINDS = ["lerp of the numbers", "wrapped difference"] as const;

/** The heading a fraction `t` of the way from `fromRad` to `toRad`, blending the numbers: the trap. */
export function lerpHeadingNumbers(fromRad: number, toRad: number, t: number): number {
  return fromRad + t * (toRad - fromRad);
}

/** A point of the dial, with the series it belongs to. */
export interface DialPoint {
  x: number;
  y: number;
  kind: string;
}

/** The arc at `radius` swept by `angleAt(t)` for t in [0, 1], as `samples + 1` points (a Plot.line). */
export function dialArc(kind: string, radius: number, angleAt: (t: number) => number, samples = 120): DialPoint[] {
  return Array.from({ length: samples + 1 }, (_, i) => {
    const a = angleAt(i / samples);
    return { x: radius * Math.cos(a), y: radius * Math.sin(a), kind };
  });
}

/** A pointer from the centre to the heading `angle` at `radius` (two points). */
export function dialPointer(kind: string, angle: number, radius: number): DialPoint[] {
  return [
    { x: 0, y: 0, kind },
    { x: radius * Math.cos(angle), y: radius * Math.sin(angle), kind },
  ];
}

/**
 * The dial of section 4: the start heading (solid grey) and the end (dashed), the arc each way of blending
 * sweeps (numbers inside at radius 0.75, red; wrapped outside at 0.9, blue), and each one's pointer at `t`.
 */
export function headingDial(
  fromRad: number,
  toRad: number,
  t: number,
  { width, caption }: { width: number; caption: string },
): Element {
  const [numbers, wrapped] = HEADING_KINDS;
  const wrappedAt = (s: number) => fromRad + s * scalar.wrapAngle(toRad - fromRad);
  const swept = [
    ...dialArc(numbers, 0.75, (s) => lerpHeadingNumbers(fromRad, toRad, s)),
    ...dialArc(wrapped, 0.9, wrappedAt),
  ];
  const xy = { x: "x", y: "y" } as const;
  return Plot.plot({
    width,
    height: 380,
    caption,
    x: { domain: [-1.15, 1.15], axis: null },
    y: { domain: [-1.15, 1.15], axis: null },
    color: { legend: true, domain: [...HEADING_KINDS], range: [palette.red, palette.blue] },
    marks: [
      Plot.line(
        dialArc("circle", 1, (s) => 2 * Math.PI * s),
        { ...xy, stroke: "#ddd" },
      ),
      Plot.line(
        [
          { x: -1.1, y: 0 },
          { x: 1.1, y: 0 },
        ],
        { ...xy, stroke: "#eee" },
      ),
      Plot.text(
        [
          { x: 1.08, y: 0.06, label: "0°" },
          { x: -1.08, y: 0.06, label: "180°" },
        ],
        { ...xy, text: "label", fill: "#999" },
      ),
      Plot.line(swept, { ...xy, stroke: "kind", z: "kind", strokeWidth: 3, strokeOpacity: 0.45 }),
      Plot.line(dialPointer("start", fromRad, 1), { ...xy, stroke: "#555", strokeWidth: 1.5 }),
      Plot.line(dialPointer("end", toRad, 1), { ...xy, stroke: "#555", strokeWidth: 1.5, strokeDasharray: "4 3" }),
      Plot.line(dialPointer(numbers, lerpHeadingNumbers(fromRad, toRad, t), 0.75), {
        ...xy,
        stroke: "kind",
        strokeWidth: 3,
      }),
      Plot.line(dialPointer(wrapped, interpolate.lerpAngle(fromRad, toRad, t), 0.9), {
        ...xy,
        stroke: "kind",
        strokeWidth: 3,
      }),
    ],
  });
}
