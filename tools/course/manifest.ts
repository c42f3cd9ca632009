/**
 * The course manifest: chapters and their exercises in order, with points, hints, time limits and
 * checks. The single source of truth for the checker, the grader, validation and the release.
 */

import { chapter01 } from "./chapters/01-canonical-rotations.ts";
import { chapter04 } from "./chapters/04-quaternions.ts";
import { chapter05 } from "./chapters/05-interpolating-rotations.ts";
import type { Chapter, Exercise } from "./types.ts";

export const chapters: readonly Chapter[] = [chapter01, chapter04, chapter05];

/** Every exercise in course order. */
export const exercises: readonly Exercise[] = chapters.flatMap((c) => c.exercises);

/** Finds an exercise by id (or by its file name without extension), or throws a RangeError listing the ids. */
export function findExercise(idOrFile: string): Exercise {
  const found = exercises.find((e) => e.id === idOrFile || e.file === idOrFile || e.file.endsWith(`/${idOrFile}.ts`));
  if (!found)
    throw new RangeError(`no exercise "${idOrFile}"; the exercises are: ${exercises.map((e) => e.id).join(", ")}`);
  return found;
}
