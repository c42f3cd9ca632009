/**
 * Exercise 06.2 — From NDC to pixels (chapter 06, section 5).
 *
 * Two matrices that only scale and translate. `viewport` takes NDC x and y from `[−1, 1]` to the pixel
 * rectangle `[x, x + width] × [y, y + height]` and NDC depth from `[−1, 1]` to `[0, 1]` (glViewport with
 * glDepthRange(0, 1); pixel y grows upwards). `screenSpace` is the lecture's "screen space
 * transformation": it takes a rectangle of the world, `[left, right] × [bottom, top]` in metres, straight
 * to a `width × height` pixel screen, with `(left, bottom) → (0, 0)` and `(right, top) → (width, height)`,
 * and leaves z unchanged.
 */

import type { Mat4 } from "../../lib/index.ts";
import { NotImplemented } from "../not-implemented.ts";

/**
 * The viewport transform, NDC → pixels.
 * @param x - Left edge of the viewport, pixels.
 * @param y - Bottom edge, pixels.
 * @param width - Width in pixels, `≠ 0`.
 * @param height - Height in pixels, `≠ 0` (negative flips y).
 * @returns The column-major 4×4 matrix.
 * @example viewport(0, 0, 640, 480) // sends NDC (1, 1, 1) to (640, 480, 1) and (0, 0, 0) to (320, 240, 0.5)
 */
export function viewport(x: number, y: number, width: number, height: number): Mat4 {
  // TODO: scale by half the size, then move the centre of NDC to the centre of the viewport.
  throw new NotImplemented("viewport");
}

/**
 * The world rectangle `[left, right] × [bottom, top]` straight to a `width × height` pixel screen.
 * @param left - World x that lands on pixel x = 0 (e.g. metres).
 * @param right - World x that lands on x = width.
 * @param bottom - World y that lands on pixel y = 0.
 * @param top - World y that lands on y = height.
 * @param width - Screen width, pixels.
 * @param height - Screen height, pixels.
 * @returns The column-major 4×4 matrix (z is left as it is).
 * @example screenSpace(10, 20, 10, 20, 640, 480) // sends (10, 10, 0) to (0, 0, 0) and (20, 20, 0) to (640, 480, 0)
 */
export function screenSpace(
  left: number,
  right: number,
  bottom: number,
  top: number,
  width: number,
  height: number,
): Mat4 {
  // TODO: pixels per metre on each axis, then translate so that (left, bottom) lands on (0, 0).
  throw new NotImplemented("screenSpace");
}
