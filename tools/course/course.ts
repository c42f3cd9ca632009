/**
 * The course as the tools see it: every exercise with its checks made concrete. In the full course the
 * expected values come from `solutions/`; in the student edition (no solutions) from `course.json`,
 * written by `npm run release` with the visible checks only.
 */

import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { fromRoot } from "../notebook-kit/kit.ts";
import { type ConcreteExercise, concreteExercise } from "./checks.ts";
import type { Chapter } from "./types.ts";

/** Files in `exercises/` that are not exercises (shared by every stub). */
export const SUPPORT_FILES = ["not-implemented.ts"];

/** Where the release keeps the exported expected outputs. */
export const RELEASED_COURSE = fromRoot("tools/course/course.json");

/** The course's exercises with concrete checks, in course order. */
export interface Course {
  /** "full" (solutions present, hidden checks included) or "student" (the release). */
  edition: "full" | "student";
  chapters: { id: string; title: string; exercises: ConcreteExercise[] }[];
}

/** Loads the course: from the manifest and the solutions when they exist, else from `course.json`. */
export async function loadCourse(): Promise<Course> {
  if (!existsSync(fromRoot("solutions"))) {
    if (!existsSync(RELEASED_COURSE))
      throw new Error("neither solutions/ nor tools/course/course.json exists: the course is incomplete");
    return JSON.parse(readFileSync(RELEASED_COURSE, "utf8")) as Course;
  }
  // Through a variable: the student edition has no manifest, and must still type-check without it.
  const manifest = "./manifest.ts";
  const { chapters } = (await import(/* @vite-ignore */ manifest)) as { chapters: readonly Chapter[] };
  return {
    edition: "full",
    chapters: await Promise.all(
      chapters.map(async (chapter) => ({
        id: chapter.id,
        title: chapter.title,
        exercises: await Promise.all(
          chapter.exercises.map(async (e) =>
            concreteExercise(e, chapter.id, await import(pathToFileURL(fromRoot(`solutions/${e.file}`)).href)),
          ),
        ),
      })),
    ),
  };
}

/** All exercises of a course, in order. */
export function allExercises(course: Course): ConcreteExercise[] {
  return course.chapters.flatMap((c) => c.exercises);
}

/** Finds an exercise by id, or by its file name with or without `.ts` (what `watch` sees). */
export function findIn(course: Course, idOrFile: string): ConcreteExercise {
  const wanted = idOrFile.replace(/^exercises\//, "");
  const found = allExercises(course).find(
    (e) => e.id === wanted || e.file === wanted || e.file.endsWith(`/${wanted}`) || e.file.endsWith(`/${wanted}.ts`),
  );
  if (!found) {
    throw new RangeError(
      `no exercise "${idOrFile}". The exercises are:\n  ${allExercises(course)
        .map((e) => e.id)
        .join("\n  ")}`,
    );
  }
  return found;
}

/** The course with hidden checks removed: what a student may see. */
export function visibleOnly(course: Course): Course {
  return {
    edition: course.edition,
    chapters: course.chapters.map((c) => ({
      ...c,
      exercises: c.exercises.map((e) => ({ ...e, checks: e.checks.filter((k) => k.visibility === "visible") })),
    })),
  };
}

// `node --import ./tools/register-ts.mjs tools/course/course.ts --visible-json` prints the visible course
// (used by the notebooks' course plugin, which runs inside Vite).
if (process.argv.includes("--visible-json") && process.argv[1]?.endsWith("course.ts")) {
  process.stdout.write(JSON.stringify(visibleOnly(await loadCourse())));
}
