/**
 * An assignment: the exercises one piece of graded work covers — "chapter 5", or "05.1 and 05.3".
 * `npm run grade` and `npm run export:gradescope` take it the same way (`--exercises 05.1,slerp`,
 * `--chapters 05,06`, or `--assignment <file>`), and both write it down as `assignment.json`:
 *
 *   {"exercises": ["05-interpolating-rotations/01-wrap-angle", "05-interpolating-rotations/03-slerp"]}
 *
 * (exercise ids, in course order). The grader keeps one in its `--out` folder, so a rerun knows which
 * assignment the grades there belong to; the Gradescope export puts one at the root of the zip, and the
 * autograder grades those exercises alone. No file, or no selection, means the whole course.
 */

import { existsSync, readFileSync } from "node:fs";
import { type IndexEntry, courseIndex, findChapter, findExercise } from "../author/course.ts";
import { CommandError } from "../author/cli.ts";
import type { GradescopeVisibility } from "./grade.ts";

/**
 * Who may see the hidden checks' tests on Gradescope: never, after the due date, or once the
 * instructor publishes the grades (the default). "visible" is not offered: a hidden check shown at
 * once would no longer be hidden.
 */
export type HiddenVisibility = Exclude<GradescopeVisibility, "visible">;
export const HIDDEN_VISIBILITIES: readonly HiddenVisibility[] = ["after_published", "after_due_date", "hidden"];
export const DEFAULT_HIDDEN_VISIBILITY: HiddenVisibility = "after_published";

/** The file an assignment is written to, in an `--out` folder and at the root of a Gradescope zip. */
export const ASSIGNMENT_FILE = "assignment.json";

/** What `assignment.json` holds. */
export interface AssignmentFile {
  /** Exercise ids ("05-interpolating-rotations/03-slerp"), in course order; the whole course when absent. */
  exercises?: string[];
  /** Who sees the hidden checks' Gradescope tests, and when (grade.ts's default when absent). */
  hiddenVisibility?: HiddenVisibility;
}

/** How a command was asked for an assignment: comma-separated lists, as typed after the flags. */
export interface AssignmentFlags {
  /** `--exercises 05.1,slerp,05-interpolating-rotations/04-angular-speed`: names as `npm run check` takes them. */
  exercises?: string;
  /** `--chapters 05,6,camera-and-projection`: every exercise of those chapters. */
  chapters?: string;
  /** `--assignment hw5.json`: an assignment.json written earlier (by `grade` or the Gradescope export). */
  assignment?: string;
}

/** The command-line options every assignment-taking command declares (for {@link parseCommand}). */
export const ASSIGNMENT_OPTIONS = {
  exercises: { type: "string" },
  chapters: { type: "string" },
  assignment: { type: "string" },
} as const;

/** The usage lines for those options. */
export const ASSIGNMENT_USAGE = `  --exercises 05.1,slerp   only these exercises (named as npm run check names them: number, name or path)
  --chapters 05,06         only the exercises of these chapters (with --exercises: both)
  --assignment <file>      only the exercises an assignment.json lists (written by grade or export:gradescope)`;

/** The items of a comma-separated list, trimmed, empty ones dropped. */
const items = (list: string | undefined) =>
  (list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The exercise ids the flags select, in course order; `undefined` when no flag is given (the whole
 * course). An unknown name is a RangeError that says "did you mean" (from `findExercise` and
 * `findChapter`, the resolver `npm run check` uses); an empty selection is a {@link CommandError}.
 */
export async function selectExercises(
  flags: AssignmentFlags,
  index?: readonly IndexEntry[],
): Promise<string[] | undefined> {
  if (flags.exercises === undefined && flags.chapters === undefined && flags.assignment === undefined) return undefined;
  const all = index ?? (await courseIndex());
  const wanted = new Set<string>();
  for (const q of items(flags.exercises)) wanted.add(findExercise(all, q).id);
  const chapters = new Set(items(flags.chapters).map((q) => findChapter(all, q)));
  for (const e of all) if (chapters.has(e.chapter)) wanted.add(e.id);
  if (flags.assignment !== undefined)
    for (const id of readAssignment(flags.assignment).exercises ?? all.map((e) => e.id))
      wanted.add(findExercise(all, id).id);
  if (wanted.size === 0)
    throw new CommandError(
      "the assignment selects no exercise: name some with --exercises 05.1,05.3 or --chapters 05",
      2,
    );
  return all.filter((e) => wanted.has(e.id)).map((e) => e.id);
}

/** Reads an assignment.json, or says in one line what is wrong with it. */
export function readAssignment(path: string): AssignmentFile {
  if (!existsSync(path)) throw new CommandError(`no assignment file at ${path}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CommandError(`${path} is not JSON (${(error as Error).message})`);
  }
  const { exercises, hiddenVisibility } = (parsed ?? {}) as Record<string, unknown>;
  if (
    exercises !== undefined &&
    (!Array.isArray(exercises) || exercises.length === 0 || !exercises.every((id) => typeof id === "string"))
  )
    throw new CommandError(`${path} should be {"exercises": ["05-interpolating-rotations/01-wrap-angle", …]}`);
  if (hiddenVisibility !== undefined && !HIDDEN_VISIBILITIES.includes(hiddenVisibility as HiddenVisibility))
    throw new CommandError(
      `${path}: "hiddenVisibility" is one of ${HIDDEN_VISIBILITIES.join(", ")}, not ${JSON.stringify(hiddenVisibility)}`,
    );
  return {
    ...(exercises ? { exercises: exercises as string[] } : {}),
    ...(hiddenVisibility ? { hiddenVisibility: hiddenVisibility as HiddenVisibility } : {}),
  };
}

/** assignment.json's text for a selection of exercise ids (all, when absent) and a hidden-check visibility. */
export function assignmentJson(exercises: readonly string[] | undefined, hiddenVisibility?: HiddenVisibility): string {
  const file: AssignmentFile = {
    ...(exercises ? { exercises: [...exercises] } : {}),
    ...(hiddenVisibility ? { hiddenVisibility } : {}),
  };
  return JSON.stringify(file, null, 2) + "\n";
}

/**
 * A selection as a person reads it: "the whole course (76 exercises)", "chapter 05 (5 exercises)",
 * "05.1 wrap-angle, 05.3 slerp", or both kinds: "05.1 wrap-angle, chapter 06 (7 exercises)".
 */
export function describeSelection(index: readonly IndexEntry[], exercises: readonly string[] | undefined): string {
  if (!exercises) return `the whole course (${index.length} exercises)`;
  const chosen = index.filter((e) => exercises.includes(e.id));
  const chapters = [...new Set(chosen.map((e) => e.chapter))];
  const whole = (c: string) => index.filter((e) => e.chapter === c).every((e) => exercises.includes(e.id));
  const parts = chapters.flatMap((c) =>
    whole(c) ? [`chapter ${c.slice(0, 2)}`] : chosen.filter((e) => e.chapter === c).map((e) => `${e.number} ${e.name}`),
  );
  const wholeOnly = chapters.every(whole);
  const list = wholeOnly && parts.length > 1 ? `chapters ${parts.map((p) => p.slice(8)).join(", ")}` : parts.join(", ");
  return chapters.some(whole) ? `${list} (${chosen.length} exercises)` : list;
}
