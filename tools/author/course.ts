/**
 * The course as the tools see it, read from the tree: every `tests/exercises/<chapter>/<nn-name>.ts`
 * definition, in path order, with its checks made concrete. In the full course the expected values
 * come from `solutions/` (trusted code, run here); in the student edition, which has no solutions, the
 * definitions carry them (written by `npm run release`, visible checks only).
 */

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type AnyDefinition,
  type ConcreteExercise,
  type ExercisePlace,
  type ReleasedDefinition,
  isReleased,
  placeOf,
} from "../isomorphic/exercise.ts";
import { concreteExercise } from "../isomorphic/judge.ts";
import { fromRoot, isMain } from "./root.ts";

/** Where the definitions live, relative to the course root. */
export const DEFINITIONS = "tests/exercises";

/**
 * The student's tree that `npm run check` and `npm run watch` read: `exercises/`, or the folder that
 * COURSE_CHECKS_TREE names (absolute, or relative to the course) — e.g. `solutions`, or a copy.
 */
export function checkedTree(): string {
  const tree = process.env.COURSE_CHECKS_TREE ?? "exercises";
  return isAbsolute(tree) ? tree : fromRoot(tree);
}

/** Files in `exercises/` that are not exercises (shared by every stub). */
export const SUPPORT_FILES = ["not-implemented.ts"];

export interface Chapter {
  /** The folder name, also the notebook's: "05-interpolating-rotations". */
  id: string;
  /** From the notebook's `<title>`. */
  title: string;
  exercises: ConcreteExercise[];
}

/** The course's exercises with concrete checks, in course order. */
export interface Course {
  /** "full" (solutions present, hidden checks included) or "student" (the release). */
  edition: "full" | "student";
  chapters: Chapter[];
}

const EXERCISE_FILE = /^\d\d-[a-z0-9-]+\.ts$/;
const CHAPTER_DIR = /^\d\d-[a-z0-9-]+$/;

/** The `.ts` files of a tree (of the course, or of another copy at `base`) in the layout "<nn-chapter>/<nn-name>.ts", sorted. */
export function exerciseFiles(tree: string, base = fromRoot(".")): string[] {
  const root = join(base, tree);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && CHAPTER_DIR.test(d.name))
    .flatMap((d) =>
      readdirSync(join(root, d.name))
        .filter((f) => EXERCISE_FILE.test(f))
        .map((f) => `${d.name}/${f}`),
    )
    .sort();
}

/** A chapter's title, from its notebook's `<title>` (the folder name if there is no notebook). */
export function chapterTitle(chapter: string): string {
  const html = fromRoot(`notebooks/${chapter}.html`);
  const title = existsSync(html) ? /<title>([^<]*)<\/title>/.exec(readFileSync(html, "utf8"))?.[1] : undefined;
  return title?.replace(/^\d+\s*[·.:—-]?\s*/, "").trim() || chapter;
}

/** Imports one definition file (relative to `tests/exercises/`). */
export async function loadDefinition(file: string): Promise<AnyDefinition | ReleasedDefinition> {
  const module = (await import(pathToFileURL(fromRoot(`${DEFINITIONS}/${file}`)).href)) as {
    default?: AnyDefinition | ReleasedDefinition;
  };
  if (!module.default)
    throw new Error(`${DEFINITIONS}/${file} has no default export (export default defineExercise(…))`);
  return module.default;
}

/**
 * One exercise, concrete: from its definition and, in the full course, its solution, with the cases of
 * `salt` (the grader's; 0, the default, for the cases the student edition ships).
 */
export async function loadExercise(file: string, salt = 0): Promise<ConcreteExercise> {
  const definition = await loadDefinition(file);
  const place = placeOf(file);
  if (isReleased(definition)) return { ...place, ...definition };
  const solution = (await import(pathToFileURL(fromRoot(`solutions/${file}`)).href)) as Record<string, unknown>;
  return concreteExercise(definition, place, solution, salt);
}

/** Loads the course: every definition in `tests/exercises/`, in order, with the cases of `salt`. */
export async function loadCourse(salt = 0): Promise<Course> {
  const files = exerciseFiles(DEFINITIONS);
  const exercises = await Promise.all(files.map((file) => loadExercise(file, salt)));
  const chapters: Chapter[] = [];
  for (const e of exercises) {
    if (chapters.at(-1)?.id !== e.chapter)
      chapters.push({ id: e.chapter, title: chapterTitle(e.chapter), exercises: [] });
    chapters.at(-1)!.exercises.push(e);
  }
  return { edition: existsSync(fromRoot("solutions")) ? "full" : "student", chapters };
}

/** All exercises of a course, in order. */
export function allExercises(course: Course): ConcreteExercise[] {
  return course.chapters.flatMap((c) => c.exercises);
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const next = Math.min(row[j]! + 1, row[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = row[j]!;
      row[j] = next;
    }
  }
  return row[b.length]!;
}

/** An exercise's place and title: enough to name it, without making its cases. */
export type IndexEntry = ExercisePlace & { title: string };

/** Every exercise's place and title, in order (imports the definitions, runs no case generator). */
export async function courseIndex(): Promise<IndexEntry[]> {
  return Promise.all(
    exerciseFiles(DEFINITIONS).map(async (file) => ({ ...placeOf(file), title: (await loadDefinition(file)).title })),
  );
}

/** The names an exercise answers to: "05.3", "slerp", "05-interpolating-rotations/03-slerp", its file, "03-slerp". */
export function namesOf(e: ExercisePlace): string[] {
  return [e.number, e.name, e.id, e.file, `exercises/${e.file}`, e.id.split("/")[1]!];
}

/**
 * The exercise a student means by `query` — "05.3", "slerp", "05-interpolating-rotations/03-slerp", a
 * file path — or a RangeError that lists the near matches (or, for a name two chapters share, both).
 */
export function findExercise<E extends IndexEntry>(all: readonly E[], query: string): E {
  const wanted = query
    .trim()
    .replace(/\\/g, "/")
    .replace(/^\.\//, "")
    .replace(/^(exercises|solutions|tests\/exercises)\//, "");
  const found = all.filter((e) => namesOf(e).some((n) => n === wanted || n === `${wanted}.ts`));
  if (found.length === 1) return found[0]!;
  const show = (e: IndexEntry) => `${e.number}  ${e.name}  (${e.title})`;
  if (found.length > 1)
    throw new RangeError(`"${query}" names ${found.length} exercises; say which:\n  ${found.map(show).join("\n  ")}`);
  const near = nearestExercises(all, wanted).map(show);
  throw new RangeError(`no exercise "${query}". Did you mean:\n  ${near.join("\n  ")}\n(npm run check lists them all)`);
}

/**
 * The `count` exercises whose names (any of {@link namesOf}) are closest to `query` by edit distance,
 * ignoring case: what a "did you mean" lists.
 */
export function nearestExercises<E extends ExercisePlace>(all: readonly E[], query: string, count = 3): E[] {
  const q = query.toLowerCase();
  return all
    .map((e) => ({ e, d: Math.min(...namesOf(e).map((n) => distance(q, n.toLowerCase()))) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, count)
    .map(({ e }) => e);
}

/** The names a chapter answers to: "05", "5", "05-interpolating-rotations", "interpolating-rotations". */
export function chapterNames(chapter: string): string[] {
  const [, nn, rest] = /^(\d\d)-(.*)$/.exec(chapter) ?? [chapter, chapter, chapter];
  return [chapter, nn!, String(Number(nn)), rest!];
}

/**
 * The chapter folder an instructor means by `query` ("05", "5", "05-interpolating-rotations",
 * "interpolating-rotations", or `exercises/05-…/`), among the chapters that hold exercises — or a
 * RangeError naming the nearest ones, as {@link findExercise} does for an exercise.
 */
export function findChapter(all: readonly ExercisePlace[], query: string): string {
  const chapters = [...new Set(all.map((e) => e.chapter))];
  const wanted = query
    .trim()
    .replace(/\\/g, "/")
    .replace(/^\.\//, "")
    .replace(/^(exercises|solutions|tests\/exercises|notebooks)\//, "")
    .replace(/(\.html)?\/?$/, "");
  const found = chapters.find((c) => chapterNames(c).includes(wanted));
  if (found) return found;
  const near = chapters
    .map((c) => ({ c, d: Math.min(...chapterNames(c).map((n) => distance(wanted.toLowerCase(), n.toLowerCase()))) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map(({ c }) => c);
  throw new RangeError(`no chapter "${query}". Did you mean:\n  ${near.join("\n  ")}`);
}

/** The course with hidden checks removed: what a student may see (their points are still counted). */
export function visibleOnly(course: Course): Course {
  return {
    edition: course.edition,
    chapters: course.chapters.map((c) => ({
      ...c,
      exercises: c.exercises.map((e) => ({ ...e, checks: e.checks.filter((k) => !k.hidden) })),
    })),
  };
}

// `node --import ./tools/author/register-ts.mjs tools/author/course.ts --visible-json` prints the visible
// course (used by the notebooks' course plugin, which runs inside Vite).
if (isMain(import.meta.url) && process.argv.includes("--visible-json")) {
  process.stdout.write(JSON.stringify(visibleOnly(await loadCourse())));
}
