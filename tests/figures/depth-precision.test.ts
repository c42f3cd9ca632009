/**
 * Chapter 06's depth precision (notebooks/figures/depth-precision.ts): five conventions, near and far on the
 * ends of each range, and reversed 0..1 depth far finer than standard depth at a distance.
 */

import { describe, expect, it } from "vitest";
import {
  depthModeColors,
  depthModes,
  depthResolutionRows,
  depthValueRows,
  logDistances,
} from "../../notebooks/figures/depth-precision.ts";

const [near, far] = [0.1, 1e4];
const modes = depthModes(far);
const distances = logDistances(near, far, 160);

describe("depthModes and logDistances", () => {
  it("five modes, one colour each, the last with an infinite far plane", () => {
    expect(modes).toHaveLength(5);
    expect(modes[4]!.far).toBe(Infinity);
    const colors = depthModeColors(modes);
    expect(colors.range).toHaveLength(colors.domain.length);
  });

  it("161 distances from near to far, a constant ratio apart", () => {
    expect(distances).toHaveLength(161);
    expect(distances[0]).toBe(near);
    expect(distances[160]).toBeCloseTo(far, 8);
    expect(distances[2]! / distances[1]!).toBeCloseTo(distances[1]! / distances[0]!, 12);
  });
});

describe("depthValueRows and depthResolutionRows", () => {
  it("near lands on the near end of each range and far on the far end", () => {
    const rows = depthValueRows(modes, distances, near);
    const at = (mode: string, i: number) => rows.filter((r) => r.mode === mode)[i]!.depth;
    expect(at("−1..1", 0)).toBeCloseTo(-1, 9);
    expect(at("−1..1", 160)).toBeCloseTo(1, 9);
    expect(at("0..1 reversed", 0)).toBeCloseTo(1, 9);
    expect(at("0..1 reversed", 160)).toBeCloseTo(0, 9);
  });

  it("at the far plane reversed 0..1 tells apart surfaces far closer together than standard 0..1", () => {
    const rows = depthResolutionRows(modes, distances, near);
    const atFar = (mode: string) => rows.filter((r) => r.mode === mode).at(-1)!.resolution;
    expect(atFar("0..1 reversed")).toBeLessThan(atFar("0..1") / 100);
    expect(atFar("0..1 reversed, far = ∞")).toBeLessThan(far * 2 ** -20); // near the float32 limit
  });
});
