/**
 * Exercise 06.3 — The perspective projection, two depth ranges (chapter 06, sections 6 and 7).
 *
 * Build gluPerspective's matrix: a symmetric frustum with vertical field of view `fovY` and
 * `aspect = width / height`, camera looking down −Z. x and y: by similar triangles, the point
 * `(x, y, z)` lands on the near plane at `near·x/(−z)`, so the fourth row is `(0, 0, −1, 0)` (w = −z)
 * and the first two rows scale by `f/aspect` and `f`, with `f = 1/tan(fovY/2)`. Depth: the third row is
 * `(0, 0, A, B)`; choose `A` and `B` so that `z = −near` lands on the near end of the range and
 * `z = −far` on the far end: `−1..1` for `"negOneToOne"` (OpenGL, WebGL) or `0..1` for `"zeroToOne"`
 * (WebGPU, Direct3D). Do not call `projection.perspective`.
 */

import type { DepthRange, Mat4 } from "../../lib/index.ts";

/**
 * The perspective projection matrix.
 * @param fovY - Vertical field of view, radians, in (0, π).
 * @param aspect - Width / height, `> 0`.
 * @param near - Distance to the near plane, `> 0`.
 * @param far - Distance to the far plane, `> near`.
 * @param depth - The NDC depth range: `"negOneToOne"` (near → −1, far → 1) or `"zeroToOne"` (near → 0, far → 1).
 * @returns The column-major 4×4 matrix.
 * @example perspective(Math.PI / 2, 1, 1, 100, "negOneToOne") // entries [10] and [14] are −101/99 and −200/99
 */
export function perspective(fovY: number, aspect: number, near: number, far: number, depth: DepthRange): Mat4 {
  const f = 1 / Math.tan(fovY / 2);
  const nearEnd = depth === "zeroToOne" ? 0 : -1;
  // NDC depth is (A·z + B)/(−z) = −A − B/z. Ask d(−near) = nearEnd and d(−far) = 1 and solve:
  // −A + B/near = nearEnd, −A + B/far = 1  ⇒  B·(1/near − 1/far) = nearEnd − 1.
  const B = ((nearEnd - 1) * near * far) / (far - near);
  const A = B / near - nearEnd;
  // prettier-ignore
  return [
    f / aspect, 0, 0, 0,
    0, f, 0, 0,
    0, 0, A, -1,
    0, 0, B, 0,
  ];
}
