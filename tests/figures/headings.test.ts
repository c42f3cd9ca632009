/**
 * Chapter 05's heading dial (notebooks/figures/headings.ts): blending the numbers goes the long way from
 * −170° to 170°, the wrapped difference the short way, and the dial's arcs and pointers lie where they say.
 */

import { describe, expect, it } from "vitest";
import { interpolate, scalar } from "../../lib/index.ts";
import { dialArc, dialPointer, lerpHeadingNumbers } from "../../notebooks/figures/headings.ts";

const deg = scalar.degToRad;

describe("lerpHeadingNumbers", () => {
  it("from −170° to 170° passes through 0° (the long way); lerpAngle passes through 180°", () => {
    expect(scalar.radToDeg(lerpHeadingNumbers(deg(-170), deg(170), 0.5))).toBeCloseTo(0, 12);
    expect(Math.abs(scalar.radToDeg(interpolate.lerpAngle(deg(-170), deg(170), 0.5)))).toBeCloseTo(180, 12);
  });

  it("starts at the start and ends at the end", () => {
    expect(lerpHeadingNumbers(1, 2.5, 0)).toBe(1);
    expect(lerpHeadingNumbers(1, 2.5, 1)).toBe(2.5);
  });
});

describe("dialArc and dialPointer", () => {
  it("samples the arc at samples + 1 points on the circle of the radius", () => {
    const arc = dialArc("k", 0.75, (t) => Math.PI * t, 4);
    expect(arc).toHaveLength(5);
    for (const p of arc) expect(Math.hypot(p.x, p.y)).toBeCloseTo(0.75, 14);
    expect(arc[2]!.x).toBeCloseTo(0, 14); // a quarter turn: straight up
    expect(arc[2]!.y).toBeCloseTo(0.75, 14);
    expect(arc.every((p) => p.kind === "k")).toBe(true);
  });

  it("points from the centre to the heading", () => {
    const [c, tip] = dialPointer("start", Math.PI, 1);
    expect(c).toEqual({ x: 0, y: 0, kind: "start" });
    expect(tip!.x).toBeCloseTo(-1, 14);
  });
});
