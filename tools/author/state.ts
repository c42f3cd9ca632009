/**
 * The student's local state, in `.state/` (git-ignored): the progress of the last check, read by the
 * course home, and how many hints of each exercise have been revealed. Written atomically (temp file,
 * then rename), so an interrupted write never leaves half a file.
 */

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fromRoot } from "./root.ts";
import type { ExerciseStatus } from "../isomorphic/judge.ts";

export const PROGRESS_FILE = fromRoot(".state/progress.json");
export const HINTS_FILE = fromRoot(".state/hints.json");

export interface Progress {
  /** ISO time of the check that wrote it. */
  updated: string;
  /** By exercise id ("05-interpolating-rotations/03-slerp"); points as the check ran them, and those in hidden checks it did not run. */
  exercises: Record<
    string,
    { chapter: string; title: string; status: ExerciseStatus; earned: number; points: number; hiddenPoints: number }
  >;
}

/** Reads a JSON state file, or `fallback` when it is missing or unreadable. */
export function readState<T>(file: string, fallback: T): T {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Writes a JSON file atomically. */
export function writeAtomic(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(value, null, 2) + "\n");
  renameSync(temp, file);
}
