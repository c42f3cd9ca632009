/**
 * Chapter 13's fans of rays (notebooks/figures/ellipsoid.ts): from a focus every path is 2a and every
 * reflected ray passes the other focus; the segments to draw follow the rays leg by leg.
 */

import { describe, expect, it } from "vitest";
import { type Vec3, ellipsoid, scalar, vec3 } from "../../lib/index.ts";
import { chainSegments, fanSegments, focalFan, rayColor, rayFan } from "../../notebooks/figures/ellipsoid.ts";

const F1: Vec3 = [-50, 40, 0];
const F2: Vec3 = [50, 70, 0];
const mirror = ellipsoid.fromFoci(F1, F2, 100);
const axis = vec3.normalize(vec3.sub(F2, F1));
const side = vec3.orthogonal(axis);

describe("focalFan", () => {
  it("from the first focus: every path 2a, every ray through the second focus", () => {
    const rays = focalFan(mirror, F1, F2, axis, side, 9);
    expect(rays.map((r) => r.angleDeg)).toEqual([-170, -127.5, -85, -42.5, 0, 42.5, 85, 127.5, 170]);
    for (const r of rays) {
      expect(r.path).toBeCloseTo(2 * mirror.radii[2], 9);
      expect(r.miss).toBeLessThan(1e-9);
      expect(r.reach).toBeCloseTo(vec3.distance(r.hit.point, F2) + 25, 6);
    }
  });

  it("from off the focus: the paths spread", () => {
    const paths = focalFan(mirror, vec3.add(F1, vec3.scale(side, 10)), F2, axis, side, 9).map((r) => r.path);
    expect(Math.max(...paths) - Math.min(...paths)).toBeGreaterThan(1);
  });

  it("refuses a source outside the mirror", () => {
    expect(() => focalFan(mirror, [500, 0, 0], F2, axis, side, 3)).toThrow(/outside/);
  });
});

describe("fanSegments and chainSegments", () => {
  it("draw a fan ray in two legs of its colour", () => {
    const rays = focalFan(mirror, F1, F2, axis, side, 3);
    const { segments, colors } = fanSegments(F1, rays);
    expect(segments).toHaveLength(6);
    expect(segments[0]).toEqual([F1, rays[0]!.hit.point]);
    expect(segments[1]![1]).toEqual(vec3.add(rays[0]!.hit.point, vec3.scale(rays[0]!.out, rays[0]!.reach)));
    expect(colors).toEqual([
      rayColor(0, 3),
      rayColor(0, 3),
      rayColor(1, 3),
      rayColor(1, 3),
      rayColor(2, 3),
      rayColor(2, 3),
    ]);
  });

  it("draw a chained ray leg by leg, then 20 on from the last focus; a ray with no bounce not at all", () => {
    const foci: Vec3[] = [
      [-90, 70, -20],
      [-20, 20, 0],
      [40, 20, -20],
      [60, 90, -50],
    ];
    const chain = [0, 1, 2].map((i) => ellipsoid.fromFoci(foci[i]!, foci[i + 1]!, 70));
    const a = vec3.normalize(vec3.sub(foci[1]!, foci[0]!));
    const rays = rayFan(a, vec3.orthogonal(a), 3, scalar.degToRad(100)).map((d) =>
      ellipsoid.traceMirrors(chain, foci[0]!, d),
    );
    const { segments, colors } = chainSegments([...rays, []], foci[3]!);
    const legs = rays.reduce((n, r) => n + r.length + Math.min(1, r.length), 0);
    expect(segments).toHaveLength(legs);
    expect(colors).toHaveLength(legs);
    const first = rays[0]!;
    expect(segments[first.length]).toEqual([
      first.at(-1)!.point,
      vec3.add(foci[3]!, vec3.scale(first.at(-1)!.direction, 20)),
    ]);
  });
});
