/**
 * Named tolerances for the library's tests, all applied through the one rule
 * `|a − b| ≤ atol + rtol·|b|` (`scalar.approxEqual`). No bare `1e-6` in tests.
 */

import type { Tolerance } from "../../lib/index.ts";

/** A few operations deep in double precision: a handful of ulps of a unit-size value. */
export const TIGHT: Tolerance = { atol: 1e-14, rtol: 1e-14 };

/** A chain of conversions (matrix → Euler → matrix, composed products): still far below any visible error. */
export const CHAIN: Tolerance = { atol: 1e-12, rtol: 1e-12 };

/** Comparing with three.js or gl-matrix, which compute the same quantities by other formulas. */
export const PEER: Tolerance = { atol: 1e-12, rtol: 1e-12 };

/** Default angle between two quaternions accepted as "the same rotation", radians. */
export const ROTATION_TOLERANCE_RAD = 1e-12;
