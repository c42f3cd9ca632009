/**
 * How results read in a terminal: the course table of `npm run check` and the per-check detail of
 * `npm run check -- <exercise>` (and `npm run watch`). Points read the same as on the course home and
 * in the panels: "6 of 9 points (3 in hidden checks)". Colour only on a terminal.
 */

import { type ExercisePlace, pointsSummary } from "../isomorphic/exercise.ts";
import type { ExerciseResult } from "../isomorphic/judge.ts";

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number) => (s: string) => (tty ? `\x1b[${code}m${s}\x1b[0m` : s);
export const green = paint(32);
export const red = paint(31);
export const dim = paint(2);
export const bold = paint(1);

const STATUS = { passed: green("passed"), failing: red("failing"), "not started": dim("not started") } as const;

/** One exercise as a report shows it. */
export interface Reported {
  exercise: ExercisePlace & { title: string };
  result: ExerciseResult;
  /** The student's console output, if any. */
  log?: string;
}

const visible = (s: string) => s.replace(/\x1b\[\d+m/g, "").length;
const pad = (s: string, width: number) => s + " ".repeat(Math.max(0, width - visible(s)));
const points = (r: ExerciseResult) => pointsSummary(r.earned, r.points + r.hiddenPoints, r.hiddenPoints);

/** The course table: exercise, title, status, points — and the total. */
export function courseTable(rows: readonly Reported[]): string {
  const table: string[][] = [["exercise", "title", "status", "points"]];
  for (const { exercise: e, result: r } of rows)
    table.push([`${e.number} ${e.name}`, e.title, STATUS[r.status], points(r)]);
  const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => visible(r[c]!))));
  const line = widths.map((w) => "─".repeat(w)).join("  ");
  const lines = table.map((r, i) =>
    r.map((cell, c) => (i === 0 ? bold(pad(cell, widths[c]!)) : pad(cell, widths[c]!))).join("  "),
  );
  lines.splice(1, 0, line);
  lines.push(line, `${bold("total")}  ${totalLine(rows)}`);
  return lines.join("\n");
}

/** "24 of 243 points (31 in hidden checks) · 3 passed, 2 failing, 25 not started". */
export function totalLine(rows: readonly Reported[]): string {
  const sum = (f: (r: ExerciseResult) => number) => rows.reduce((s, { result }) => s + f(result), 0);
  const count = (s: string) => rows.filter((r) => r.result.status === s).length;
  return `${pointsSummary(
    sum((r) => r.earned),
    sum((r) => r.points + r.hiddenPoints),
    sum((r) => r.hiddenPoints),
  )} · ${count("passed")} passed, ${count("failing")} failing, ${count("not started")} not started`;
}

/** Every check of one exercise; for a failure the input, expected, got and the error. */
export function exerciseDetail({ exercise: e, result: r, log }: Reported): string {
  const out = [
    `${bold(`${e.number} ${e.name}`)} — ${e.title}: ${STATUS[r.status]}, ${points(r)}    ${dim(`exercises/${e.file}`)}`,
  ];
  if (r.problem) out.push(red(`  ${r.problem.split("\n").join("\n  ")}`));
  for (const c of r.checks) {
    const mark = c.passed ? green("✓") : r.status === "not started" ? dim("·") : red("✗");
    const hidden = c.hidden ? dim(" (hidden in the student edition)") : "";
    out.push(`  ${mark} ${c.name}  ${c.earned}/${c.points}${hidden}${c.passed ? dim(`  ${c.total} cases`) : ""}`);
    if (c.passed || r.status === "not started" || r.problem) continue;
    out.push(
      dim(
        `      ${c.failed} of ${c.total} cases fail${c.failed > c.failures.length ? `; the first ${c.failures.length}:` : ":"}`,
      ),
    );
    for (const f of c.failures) {
      out.push(`      input     ${f.input}`);
      if (f.code) out.push(dim(`      as code   ${f.code}`));
      out.push(`      expected  ${f.expected}`);
      out.push(`      got       ${f.got}`);
      out.push(`      ${red(f.error)}`);
    }
  }
  if (r.status === "not started")
    out.push(dim(`  Open exercises/${e.file}, replace the TODOs, save, and check again.`));
  if (log?.trim()) out.push(dim(`  your console output:\n    ${log.trim().split("\n").slice(0, 20).join("\n    ")}`));
  return out.join("\n");
}
