/**
 * Chapter 14's progressive render (notebooks/figures/ray-marching.ts): a slider gets a coarse preview at
 * once, and the image that follows is exactly the one `rmRender` makes in one go — pixel for pixel,
 * count for count — however many slices it was marched in.
 */

import { describe, expect, it } from "vitest";
import {
  RM_CAMERA,
  type RmProgress,
  rmChapterScene,
  rmLight,
  rmRender,
  rmRenderProgressive,
} from "../../notebooks/figures/ray-marching.ts";

const W = 48;
const H = 36;
const OPTS = { epsilon: 1e-3, maxDistance: 20, maxSteps: 128, stepScale: 1 };
const LIGHTING = { toLight: rmLight(30), shadow: 8 } as const;
const scene = rmChapterScene(0.3, "safe");

async function collect(progress: AsyncGenerator<RmProgress, void, undefined>): Promise<RmProgress[]> {
  const out: RmProgress[] = [];
  for await (const p of progress) out.push(p);
  return out;
}

describe("rmRenderProgressive", () => {
  it("yields a preview, then the image rmRender makes, even when marched a row per slice", async () => {
    const exact = rmRender(scene, RM_CAMERA, W, H, OPTS, 64, LIGHTING);
    // sliceMs 0: every row is its own slice, the page given back between each.
    const steps = await collect(
      rmRenderProgressive(scene, RM_CAMERA, W, H, OPTS, 64, LIGHTING, { restMs: 0, sliceMs: 0 }),
    );
    expect(steps.map((s) => s.preview)).toEqual([true, false]);
    const final = steps[1]!.image;
    expect(final.shaded).toEqual(exact.shaded);
    expect(final.heat).toEqual(exact.heat);
    expect(final.steps).toEqual(exact.steps);
    const counts = ({ hits, inside, maxSteps, totalSteps }: typeof exact) => ({ hits, inside, maxSteps, totalSteps });
    expect(counts(final)).toEqual(counts(exact));
  });

  it("previews with one ray per block: each block the colour of the small image's pixel", async () => {
    const small = rmRender(scene, RM_CAMERA, W / 4, H / 4, OPTS, 64, LIGHTING);
    const progress = rmRenderProgressive(scene, RM_CAMERA, W, H, OPTS, 64, LIGHTING, { block: 4 });
    const { value } = await progress.next();
    await progress.return();
    const preview = (value as RmProgress).image;
    expect([preview.width, preview.height, preview.hits]).toEqual([W, H, small.hits]);
    for (const [i, j] of [
      [0, 0],
      [5, 7],
      [47, 35],
      [20, 13],
    ] as const) {
      const from = 4 * (Math.floor(j / 4) * small.width + Math.floor(i / 4));
      expect([...preview.shaded.subarray(4 * (j * W + i), 4 * (j * W + i) + 4)]).toEqual([
        ...small.shaded.subarray(from, from + 4),
      ]);
    }
  });

  it("yields nothing more once stopped (a cell's invalidation): a newer slider value has taken over", async () => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const progress = rmRenderProgressive(scene, RM_CAMERA, W, H, OPTS, 64, LIGHTING, { restMs: 5, stop: stopped });
    expect((await progress.next()).value?.preview).toBe(true);
    stop();
    expect(await progress.next()).toEqual({ done: true, value: undefined });
  });
});
