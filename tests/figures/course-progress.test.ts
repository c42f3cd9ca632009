/** The home page's progress summary (notebooks/figures/course-progress.ts): per chapter and in all, hidden points included. */

import { describe, expect, it } from "vitest";
import { courseProgress, sumPoints } from "../../notebooks/figures/course-progress.ts";

const exercise = (id: string, points: number, hiddenPoints: number) => ({
  id,
  number: id,
  name: id,
  title: id,
  file: `${id}.ts`,
  points,
  hiddenPoints,
});
const chapters = [
  { id: "01", title: "One", exercises: [exercise("01.1", 4, 1), exercise("01.2", 6, 2)] },
  { id: "02", title: "Two", exercises: [exercise("02.1", 5, 0)] },
];
const mark = (status: "passed" | "failing", earned: number, points: number, hiddenPoints: number) => ({
  chapter: "01",
  title: "",
  status,
  earned,
  points,
  hiddenPoints,
});

describe("courseProgress", () => {
  it("with no progress: every exercise not started, all hidden points named", () => {
    const { rows, totalLine, hiddenNote } = courseProgress(chapters, null);
    expect(rows[0]).toEqual({ chapter: "One", passed: 0, started: 0, exercises: 2, earned: 0, points: 10, hidden: 3 });
    expect(totalLine).toBe("0 of 15 points (3 in hidden checks) · 0 passed, 0 failing, 3 not started");
    expect(hiddenNote).toContain("their 3 points count only in your grade");
  });

  it("counts passed and started exercises, and the hidden points the last check did not run", () => {
    const progress = {
      updated: "2026-01-01T00:00:00Z",
      exercises: { "01.1": mark("passed", 3, 3, 1), "01.2": mark("failing", 2, 4, 0) },
    };
    const { rows, totalLine } = courseProgress(chapters, progress);
    expect(rows[0]).toMatchObject({ passed: 1, started: 2, earned: 5, points: 10, hidden: 1 });
    expect(rows[1]).toMatchObject({ passed: 0, started: 0, earned: 0, points: 5, hidden: 0 });
    expect(totalLine).toBe("5 of 15 points (1 in hidden checks) · 1 passed, 1 failing, 1 not started");
  });
});

describe("sumPoints", () => {
  it("adds each field", () => {
    expect(
      sumPoints([
        { earned: 1, points: 2, hidden: 3 },
        { earned: 4, points: 5, hidden: 6 },
      ]),
    ).toEqual({ earned: 5, points: 7, hidden: 9 });
  });
});
