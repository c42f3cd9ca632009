/**
 * How results read in a terminal: the course table of `npm run check` and the per-check detail of
 * `npm run check -- <exercise>` (also used by `npm run watch`). Colour only on a terminal.
 */

import type { ExerciseResult } from "./checks.ts";
import type { Course } from "./course.ts";

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const green = paint(32);
export const red = paint(31);
export const dim = paint(2);
export const bold = paint(1);

const STATUS = { passed: green("passed"), failing: red("failing"), "not started": dim("not started") } as const;

/** Pads a string that may contain colour codes to `width` visible characters. */
function pad(s: string, width: number): string {
  const visible = s.replace(/\x1b\[\d+m/g, "").length;
  return s + " ".repeat(Math.max(0, width - visible));
}

/** The course table: chapter, exercise, status, points — and the total. */
export function courseTable(course: Course, results: ReadonlyMap<string, ExerciseResult>): string {
  const rows: string[][] = [["chapter", "exercise", "status", "points"]];
  let earned = 0;
  let possible = 0;
  for (const chapter of course.chapters) {
    for (const e of chapter.exercises) {
      const r = results.get(e.id);
      if (!r) continue;
      earned += r.earned;
      possible += r.points;
      rows.push([chapter.id, e.id, STATUS[r.status], `${r.earned}/${r.points}`]);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.replace(/\x1b\[\d+m/g, "").length)));
  const lines = rows.map((r, i) =>
    r.map((cell, c) => (i === 0 ? bold(pad(cell, widths[c]!)) : pad(cell, widths[c]!))).join("  "),
  );
  lines.splice(1, 0, widths.map((w) => "─".repeat(w)).join("  "));
  lines.push(widths.map((w) => "─".repeat(w)).join("  "));
  lines.push(`${pad("total", widths[0]! + widths[1]! + widths[2]! + 6)}${earned}/${possible}`);
  return lines.join("\n");
}

/** Every check of one exercise; for a failure, the input, expected, got and the error. */
export function exerciseDetail(title: string, file: string, r: ExerciseResult, log?: string): string {
  const out = [
    `${bold(title)} (${r.id}) — ${STATUS[r.status]}, ${r.earned}/${r.points} points    ${dim(`exercises/${file}`)}`,
  ];
  if (r.problem) out.push(red(`  ${r.problem.split("\n").join("\n  ")}`));
  for (const c of r.checks) {
    const mark = c.passed ? green("✓") : r.status === "not started" ? dim("·") : red("✗");
    const hidden = c.visibility === "hidden" ? dim(" (hidden in the student edition)") : "";
    out.push(`  ${mark} ${c.name}  ${c.earned}/${c.points}${hidden}${c.passed ? dim(`  ${c.total} cases`) : ""}`);
    if (c.passed || r.status === "not started" || r.problem) continue;
    out.push(
      dim(
        `      ${c.failed} of ${c.total} cases fail${c.failed > c.failures.length ? `; the first ${c.failures.length}:` : ":"}`,
      ),
    );
    for (const f of c.failures) {
      out.push(`      input     ${f.input}`);
      out.push(`      expected  ${f.expected}`);
      out.push(`      got       ${f.got}`);
      out.push(`      ${red(f.error)}`);
    }
  }
  if (r.status === "not started") out.push(dim(`  Open exercises/${file}, replace the TODOs, save, and check again.`));
  if (log?.trim()) out.push(dim(`  your console output:\n    ${log.trim().split("\n").slice(0, 20).join("\n    ")}`));
  return out.join("\n");
}
