/**
 * The home page's progress table: the student's last `npm run check` (`virtual:progress`) summed up per
 * chapter of the course outline (`virtual:course`).
 *
 * Points read as in `npm run check` and the chapters' panels: "6 of 9 points (3 in hidden checks)". Each
 * exercise's total includes its hidden checks; for an exercise the last check ran, the hidden points are
 * those it did not run, and for one never checked, all of the exercise's hidden points.
 */

import { pointsSummary } from "../../tools/isomorphic/exercise.ts";

type Chapters = (typeof import("virtual:course"))["chapters"];
type Progress = (typeof import("virtual:progress"))["progress"];

/** Points earned, out of the total, of which `hidden` are in checks the student's checker does not run. */
export interface PointsSum {
  earned: number;
  points: number;
  hidden: number;
}

/** One exercise as the student stands: its status ("passed", "failing", … or "not started") and points. */
export interface ExerciseMark extends PointsSum {
  status: string;
}

/** One chapter's line of the table. */
export interface ChapterProgress extends PointsSum {
  chapter: string;
  passed: number;
  started: number;
  exercises: number;
}

export interface CourseProgress {
  rows: ChapterProgress[];
  /** "12 of 40 points (6 in hidden checks) · 3 passed, 1 failing, 10 not started". */
  totalLine: string;
  /** A sentence on the hidden checks' points, or "" when there are none. */
  hiddenNote: string;
}

/** Each exercise's mark, from the progress file (or "not started" with no points). */
export function exerciseMarks(exercises: Chapters[number]["exercises"], progress: Progress): ExerciseMark[] {
  return exercises.map((e) => {
    const mine = progress?.exercises[e.id];
    return {
      status: mine?.status ?? "not started",
      earned: mine?.earned ?? 0,
      points: e.points,
      hidden: mine ? mine.hiddenPoints : e.hiddenPoints,
    };
  });
}

/** The sums of earned, total and hidden points. */
export function sumPoints(list: readonly PointsSum[]): PointsSum {
  return {
    earned: list.reduce((s, x) => s + x.earned, 0),
    points: list.reduce((s, x) => s + x.points, 0),
    hidden: list.reduce((s, x) => s + x.hidden, 0),
  };
}

/** The table's rows, one per chapter, and the lines under it. */
export function courseProgress(chapters: Chapters, progress: Progress): CourseProgress {
  const rows = chapters.map((chapter) => {
    const mine = exerciseMarks(chapter.exercises, progress);
    return {
      chapter: chapter.title,
      passed: mine.filter((m) => m.status === "passed").length,
      started: mine.filter((m) => m.status !== "not started").length,
      exercises: mine.length,
      ...sumPoints(mine),
    };
  });
  const all = exerciseMarks(
    chapters.flatMap((c) => c.exercises),
    progress,
  );
  const total = sumPoints(all);
  const count = (status: string) => all.filter((m) => m.status === status).length;
  const totalLine = `${pointsSummary(total.earned, total.points, total.hidden)} · ${count("passed")} passed, ${count("failing")} failing, ${count("not started")} not started`;
  const hiddenNote = total.hidden
    ? ` Hidden checks are your instructor's: your checker does not run them, so their ${total.hidden} points count only in your grade.`
    : "";
  return { rows, totalLine, hiddenNote };
}
