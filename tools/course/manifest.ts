/**
 * The course manifest: chapters and their exercises in order, with points, hints, time limits and
 * checks — one file per chapter under chapters/. The single source of truth for the checker, the
 * grader, validation and the release.
 */

import { chapter01 } from "./chapters/01-canonical-rotations.ts";
import { chapter02 } from "./chapters/02-euler-angles.ts";
import { chapter03 } from "./chapters/03-axis-angle.ts";
import { chapter04 } from "./chapters/04-quaternions.ts";
import { chapter05 } from "./chapters/05-interpolating-rotations.ts";
import { chapter06 } from "./chapters/06-camera-and-projection.ts";
import type { Chapter, Exercise } from "./types.ts";

export const chapters: readonly Chapter[] = [chapter01, chapter02, chapter03, chapter04, chapter05, chapter06];

/** Every exercise in course order. */
export const exercises: readonly Exercise[] = chapters.flatMap((c) => c.exercises);
