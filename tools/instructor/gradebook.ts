/**
 * The gradebook: what an instructor takes away from `npm run grade`, rebuilt on every run from the
 * students' `grade.json` files (so a resumed or partial run still lists everyone):
 *
 *   <out>/grades.csv     one row per student, to import into a spreadsheet or an LMS:
 *                        student[,id,email],<exercise…>,<chapter subtotal…>,total,max,status,notice
 *   <out>/summary.md     what to read first: how many were graded, missing or need a look, the spread
 *                        of totals, each exercise's pass rate, every notice
 *   <out>/totals.svg     a histogram of totals
 *   <out>/pass-rates.svg the share of students with full marks, per exercise
 *
 * Only the assignment's exercises are columns, and the total is their sum, whatever else a grade.json
 * holds. With a roster (`--roster roster.csv`), rows follow the roster, gain its `id` and `email`, and
 * a roster student without a submission is a row of zeros with status "missing"; a submission that
 * is not on the roster keeps its row, with a notice that says so.
 */

import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Course, allExercises } from "../author/course.ts";
import { CommandError } from "../author/cli.ts";
import { pointsOf } from "../isomorphic/exercise.ts";
import { csvRow, parseCsv, uncell } from "./csv.ts";
import { type SubmissionStatus, isLayoutNotice } from "./submissions.ts";

/** A student's `<out>/<student>/grade.json`: points per exercise id, and how the submission was read. */
export interface SavedGrade {
  student: string;
  total: number;
  max: number;
  /** Points earned, by exercise id. */
  exercises: Record<string, number>;
  status: SubmissionStatus;
  notices: string[];
  /** A hash of the files graded (submissions.ts): a rerun regrades the student when it changes. */
  hash?: string;
}

/** A student's saved grade, or undefined when there is none (not graded yet, or a run killed mid-student). */
export function readGrade(outDir: string, student: string): SavedGrade | undefined {
  const file = join(outDir, student, "grade.json");
  if (!existsSync(file)) return undefined;
  const g = JSON.parse(readFileSync(file, "utf8")) as SavedGrade & { notice?: string };
  // grade.json written before `status` and `notices` existed had at most one `notice`.
  const notices = g.notices ?? (g.notice ? [g.notice] : []);
  return { ...g, notices, status: g.status ?? "graded" };
}

// ---------------------------------------------------------------------------------------------
// The roster
// ---------------------------------------------------------------------------------------------

/** One student of the class list. */
export interface RosterEntry {
  /** What the submission folder is named: the roster's `folder` column, or else its `name`. */
  key: string;
  id: string;
  email: string;
}

/** Header cells the roster's columns are recognised by (lower-cased, spaces and _ as -). */
const ROSTER_COLUMNS = {
  folder: ["folder", "submission", "submission-folder"],
  name: ["name", "student", "full-name", "student-name"],
  id: ["id", "student-id", "sis-id", "sis-user-id", "number", "student-number"],
  email: ["email", "e-mail", "mail", "email-address"],
};

/**
 * Reads a class list: a CSV whose header row has a `folder` or `name` column (the submission folder's
 * name), and optionally `id` and `email` (other columns are ignored). A cell a spreadsheet saved with
 * the formula guard grades.csv uses (`'=…`) is read without it.
 */
export function readRoster(path: string): RosterEntry[] {
  if (!existsSync(path)) throw new CommandError(`no roster at ${path}`);
  let records: string[][];
  try {
    records = parseCsv(readFileSync(path, "utf8"));
  } catch (error) {
    throw new CommandError(`${path}: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, "-"),
  );
  const column = (kind: keyof typeof ROSTER_COLUMNS) => names.findIndex((n) => ROSTER_COLUMNS[kind].includes(n));
  const key = column("folder") >= 0 ? column("folder") : column("name");
  if (key < 0)
    throw new CommandError(
      `${path}: the first row should name the columns, one of them "folder" or "name" (found: ${(header ?? []).join(", ") || "nothing"})`,
    );
  const [id, email] = [column("id"), column("email")];
  const cell = (row: string[], i: number) => (i >= 0 ? uncell(row[i] ?? "").trim() : "");
  const entries = rows
    .map((row) => ({ key: uncell(row[key] ?? ""), id: cell(row, id), email: cell(row, email) }))
    .filter((e) => e.key.trim() !== "");
  const seen = new Set<string>();
  for (const e of entries) {
    if (seen.has(e.key)) throw new CommandError(`${path}: "${e.key}" is on the roster twice`);
    seen.add(e.key);
  }
  return entries;
}

/** A name as people compare names: Unicode NFC, spaces collapsed and trimmed, case ignored. */
const loosely = (name: string) => name.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

// ---------------------------------------------------------------------------------------------
// The gradebook
// ---------------------------------------------------------------------------------------------

/** A row's status: how the submission was read, or "missing" (on the roster, no submission). */
export type RowStatus = SubmissionStatus | "missing";

/** One row of grades.csv. */
export interface GradebookRow {
  student: string;
  /** From the roster (empty without one, or for a submission not on it). */
  id: string;
  email: string;
  /** Points per exercise of the assignment, in column order. */
  points: number[];
  /** Points per chapter of the assignment. */
  chapters: number[];
  total: number;
  status: RowStatus;
  notices: string[];
}

/** Everything grades.csv, summary.md and the charts are drawn from. */
export interface Gradebook {
  /** The assignment in words: "chapter 05 (5 exercises)". */
  assignment: string;
  exercises: { id: string; column: string; chapter: string; max: number }[];
  chapters: { id: string; column: string; title: string; max: number }[];
  max: number;
  rows: GradebookRow[];
  roster: boolean;
  /** On the roster, no submission folder. */
  missing: string[];
  /** A submission folder that is not on the roster. */
  notOnRoster: string[];
  /** Roster names matched to a folder only loosely (case, spaces, Unicode form): worth a look. */
  looseMatches: { roster: string; folder: string }[];
}

const MISSING_NOTICE = "on the roster, but no submission was found";
const NOT_ON_ROSTER_NOTICE = "not on the roster";

/**
 * The gradebook of `grades` on `course`'s exercises (the assignment), joined with `roster` if given.
 * A roster name matches a folder exactly; failing that, a folder it matches loosely (case, spaces,
 * Unicode form) and no other roster name does — and the summary lists those matches.
 */
export function buildGradebook(
  course: Course,
  grades: readonly SavedGrade[],
  roster?: readonly RosterEntry[],
  assignment = "the whole course",
): Gradebook {
  const exercises = allExercises(course).map((e) => ({
    id: e.id,
    column: `${e.number} ${e.name}`,
    chapter: e.chapter,
    max: pointsOf(e.checks),
  }));
  const chapters = course.chapters
    .filter((c) => c.exercises.length)
    .map((c) => ({
      id: c.id,
      column: `${c.id.slice(0, 2)} subtotal`,
      title: c.title,
      max: exercises.filter((e) => e.chapter === c.id).reduce((s, e) => s + e.max, 0),
    }));
  const rowOf = (g: SavedGrade, entry?: RosterEntry): GradebookRow => {
    const points = exercises.map((e) => g.exercises[e.id] ?? 0);
    const sum = (of: (i: number) => boolean) => points.reduce((s, p, i) => (of(i) ? s + p : s), 0);
    return {
      student: g.student,
      id: entry?.id ?? "",
      email: entry?.email ?? "",
      points,
      chapters: chapters.map((c) => sum((i) => exercises[i]!.chapter === c.id)),
      total: sum(() => true),
      status: g.status,
      notices: [...g.notices, ...(roster && !entry ? [NOT_ON_ROSTER_NOTICE] : [])],
    };
  };
  const book: Gradebook = {
    assignment,
    exercises,
    chapters,
    max: exercises.reduce((s, e) => s + e.max, 0),
    rows: [],
    roster: !!roster,
    missing: [],
    notOnRoster: [],
    looseMatches: [],
  };
  if (!roster) {
    book.rows = grades.map((g) => rowOf(g));
    return book;
  }
  const byFolder = new Map(grades.map((g) => [g.student, g]));
  const exact = new Set(roster.map((r) => r.key).filter((k) => byFolder.has(k)));
  const taken = new Set<string>(exact);
  for (const entry of roster) {
    let grade = byFolder.get(entry.key);
    if (!grade) {
      const candidates = grades.filter((g) => !taken.has(g.student) && loosely(g.student) === loosely(entry.key));
      const rivals = roster.filter((r) => !exact.has(r.key) && loosely(r.key) === loosely(entry.key));
      if (candidates.length === 1 && rivals.length === 1) {
        grade = candidates[0]!;
        book.looseMatches.push({ roster: entry.key, folder: grade.student });
      }
    }
    if (grade) {
      taken.add(grade.student);
      book.rows.push(rowOf(grade, entry));
    } else {
      book.missing.push(entry.key);
      book.rows.push({
        student: entry.key,
        id: entry.id,
        email: entry.email,
        points: exercises.map(() => 0),
        chapters: chapters.map(() => 0),
        total: 0,
        status: "missing",
        notices: [MISSING_NOTICE],
      });
    }
  }
  for (const g of grades)
    if (!taken.has(g.student)) {
      book.notOnRoster.push(g.student);
      book.rows.push(rowOf(g));
    }
  return book;
}

/**
 * grades.csv: UTF-8 with a BOM (so Excel reads the names as UTF-8), CRLF line ends, RFC 4180 quoting,
 * and no cell a spreadsheet would run as a formula (csv.ts `csvCell`). Notices are joined with "; ".
 */
export function gradesCsv(book: Gradebook): string {
  const header = [
    "student",
    ...(book.roster ? ["id", "email"] : []),
    ...book.exercises.map((e) => e.column),
    ...book.chapters.map((c) => c.column),
    "total",
    "max",
    "status",
    "notice",
  ];
  const rows = book.rows.map((r) => [
    r.student,
    ...(book.roster ? [r.id, r.email] : []),
    ...r.points,
    ...r.chapters,
    r.total,
    book.max,
    r.status,
    r.notices.join("; "),
  ]);
  return "\uFEFF" + [header, ...rows].map(csvRow).join("");
}

// ---------------------------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------------------------

/** Mean, median, min and max of some numbers (all NaN for none). */
export function spread(values: readonly number[]): { mean: number; median: number; min: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (!n) return { mean: NaN, median: NaN, min: NaN, max: NaN };
  const mid = Math.floor(n / 2);
  return {
    mean: sorted.reduce((s, v) => s + v, 0) / n,
    median: n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted[n - 1]!,
  };
}

/**
 * The rows the statistics are about: the students whose files were found ("graded", "partly matched").
 * A "nothing found" or "missing" 0 says something about files, not about what the class learned; the
 * summary counts those rows apart.
 */
const counted = (book: Gradebook) => book.rows.filter((r) => r.status === "graded" || r.status === "partly matched");

/** Per exercise: how many counted students earned full marks, and the mean points. */
export function passRates(book: Gradebook): { column: string; max: number; full: number; of: number; mean: number }[] {
  const rows = counted(book);
  return book.exercises.map((e, i) => ({
    column: e.column,
    max: e.max,
    full: rows.filter((r) => r.points[i] === e.max).length,
    of: rows.length,
    mean: spread(rows.map((r) => r.points[i]!)).mean,
  }));
}

// ---------------------------------------------------------------------------------------------
// summary.md
// ---------------------------------------------------------------------------------------------

/** Text safe inside a Markdown paragraph or table cell: its markup characters escaped, line breaks shown. */
function md(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|#~]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, "⏎")
    .replace(/\t/g, "⇥");
}

/** A number as the summary prints it: whole, or to one decimal. */
const num = (x: number) => (Number.isNaN(x) ? "—" : Number.isInteger(x) ? String(x) : x.toFixed(1));
const pct = (part: number, whole: number) => (whole ? `${Math.round((100 * part) / whole)}%` : "—");

/** summary.md: the class at a glance, what to look at, and links to the charts. */
export function summaryMarkdown(book: Gradebook): string {
  const rows = counted(book);
  const count = (status: RowStatus) => book.rows.filter((r) => r.status === status).length;
  const s = spread(rows.map((r) => r.total));
  const lines = [
    `# Grades: ${md(book.assignment)}`,
    "",
    `${book.rows.length - book.missing.length} submission(s)${book.roster ? ` for a roster of ${book.rows.length - book.notOnRoster.length}` : ""}; ${book.exercises.length} exercise(s), ${book.max} points. The table to import is [grades.csv](grades.csv); the statistics below are about the ${rows.length} student(s) whose files were found ("graded" or "partly matched").`,
    "",
    "| status | students |",
    "| --- | ---: |",
    ...(["graded", "partly matched", "nothing found", ...(book.roster ? ["missing" as const] : [])] as const).map(
      (status) => `| ${status} | ${count(status)} |`,
    ),
    "",
    "## Totals",
    "",
    "| mean | median | min | max |",
    "| ---: | ---: | ---: | ---: |",
    `| ${num(s.mean)} (${pct(s.mean, book.max)}) | ${num(s.median)} | ${num(s.min)} | ${num(s.max)} |`,
    "",
    `Of ${book.max} points. A "nothing found" or "missing" student counts 0 in grades.csv, not here.`,
    "",
    "![Histogram of the students' totals](totals.svg)",
    "",
  ];
  if (book.chapters.length > 1) {
    lines.push("## Per chapter", "", "| chapter | max | mean |", "| --- | ---: | ---: |");
    book.chapters.forEach((c, i) => {
      const mean = spread(rows.map((r) => r.chapters[i]!)).mean;
      lines.push(`| ${c.id.slice(0, 2)} ${md(c.title)} | ${c.max} | ${num(mean)} (${pct(mean, c.max)}) |`);
    });
    lines.push("");
  }
  lines.push(
    "## Per exercise",
    "",
    "Pass rate: the share of those students who earned the exercise's full points.",
    "",
    "| exercise | max | mean | pass rate |",
    "| --- | ---: | ---: | ---: |",
    ...passRates(book).map(
      (p) => `| ${md(p.column)} | ${p.max} | ${num(p.mean)} | ${p.full} of ${p.of} (${pct(p.full, p.of)}) |`,
    ),
    "",
    "![Pass rate per exercise](pass-rates.svg)",
    "",
  );
  // A note of where the files were found (a wrapper folder, loose files) is not a reason to look: it is
  // counted in one line, and kept in grades.csv's notice column and the student's feedback.
  const look = book.rows
    .map((r) => ({ ...r, notices: r.notices.filter((n) => !isLayoutNotice(n)) }))
    .filter((r) => r.notices.length || r.status !== "graded");
  const elsewhere = book.rows.filter(
    (r) => r.status === "graded" && r.notices.length && r.notices.every(isLayoutNotice),
  );
  lines.push("## Needs a look", "");
  if (!look.length) lines.push("Nothing: every submission's files were found and matched.", "");
  for (const r of look) lines.push(`- **${md(r.student)}** (${r.status}): ${r.notices.map(md).join("; ")}`);
  if (look.length) lines.push("");
  if (elsewhere.length)
    lines.push(
      `${elsewhere.length} more student(s) had their files outside \`exercises/\` (a wrapper folder, loose files, chapter folders at the top): all were found and matched, nothing to do; grades.csv's notice column says where.`,
      "",
    );
  if (book.roster) {
    lines.push("## Roster", "");
    const list = (names: string[]) => (names.length ? names.map((n) => `**${md(n)}**`).join(", ") : "none");
    lines.push(`- On the roster, no submission: ${list(book.missing)}`);
    lines.push(`- A submission not on the roster: ${list(book.notOnRoster)}`);
    for (const m of book.looseMatches)
      lines.push(
        `- Roster name "${md(m.roster)}" taken as the folder **${md(m.folder)}** (case, spaces or accents differ)`,
      );
    lines.push("");
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Charts: plain SVG (no DOM, no dependency), readable at 100%: ≥ 12 px text, labelled axes, a title,
// and role="img" with <title> and <desc> for screen readers.
// ---------------------------------------------------------------------------------------------

/** Text for XML: the five markup characters escaped, characters XML 1.0 forbids dropped. */
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`);
}

const FONT = `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"`;
const INK = "#1f2328";
const MUTED = "#57606a";
const GRID = "#d0d7de";
const BAR = "#2f6fb3";

/** Cuts a label to `most` characters, with an ellipsis (the whole text stays in a <title>: the chart's, or a bar's tooltip). */
const clip = (label: string, most: number) => (label.length > most ? `${label.slice(0, most - 1)}…` : label);

/** The opening of a chart: size, accessibility, a white background and the title. */
function svgOpen(width: number, height: number, title: string, desc: string): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc" ${FONT}>`,
    `<title id="title">${xml(title)}</title>`,
    `<desc id="desc">${xml(desc)}</desc>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="28" font-size="16" font-weight="600" fill="${INK}">${xml(clip(title, Math.floor((width - 32) / 9.5)))}</text>`,
  ].join("\n");
}

/** A step for axis ticks: 1, 2, 5, 10, 20, 25, 50, … — the smallest that makes at most `most` steps of `range`. */
function niceStep(range: number, most: number): number {
  for (let scale = 1; ; scale *= 10)
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * scale;
      if (Number.isInteger(step) && range / step <= most) return step;
    }
}

/**
 * A histogram of the counted students' totals, students on the vertical axis. Bins are `step` points
 * wide ([0, step), [step, 2·step), …) but the last, which runs to the maximum inclusive — between ½ and
 * 1½ steps wide, never a sliver a full score would hide in (each bar is drawn as wide as its range);
 * when the maximum is small enough for one bin per point, each total is a bar.
 */
export function totalsSvg(book: Gradebook): string {
  const totals = counted(book).map((r) => r.total);
  const max = Math.max(book.max, 1);
  const step = niceStep(max, 20);
  // Bin i covers [lo(i), hi(i)] on the axis; with one bin per point, bin i is the total i, centred on i.
  const perPoint = step === 1;
  const bins = perPoint ? max + 1 : Math.max(1, Math.round(max / step));
  const lo = (i: number) => (perPoint ? i - 0.5 : i * step);
  const hi = (i: number) => (perPoint ? i + 0.5 : i === bins - 1 ? max : (i + 1) * step);
  const binOf = (t: number) => Math.max(0, Math.min(bins - 1, perPoint ? Math.round(t) : Math.floor(t / step)));
  const counts = Array.from({ length: bins }, () => 0);
  for (const t of totals) counts[binOf(t)]!++;
  const top = Math.max(1, ...counts);
  const yStep = niceStep(top, 6);
  const yMax = Math.ceil(top / yStep) * yStep;
  const [W, H, left, right, above, below] = [720, 380, 64, 32, 56, 64];
  const plotW = W - left - right;
  const plotH = H - above - below;
  const [x0, x1] = [lo(0), hi(bins - 1)];
  const x = (points: number) => left + (plotW * (points - x0)) / (x1 - x0);
  const y = (n: number) => above + plotH - (plotH * n) / yMax;
  const s = spread(totals);
  const range = (i: number) => (perPoint ? `${i}` : `${lo(i)}–${hi(i)}${i === bins - 1 ? "]" : ")"}`);
  const title = `Totals of ${totals.length} student${totals.length === 1 ? "" : "s"}: ${book.assignment}`;
  const desc = `Histogram of total points out of ${book.max}${perPoint ? "" : `, in bins of ${step} points`}. ${counts
    .map((c, i) => `${perPoint ? "" : "["}${range(i)}: ${c}`)
    .join("; ")}. Mean ${num(s.mean)}, median ${num(s.median)}.`;
  const parts = [svgOpen(W, H, title, desc)];
  for (let n = 0; n <= yMax; n += yStep)
    parts.push(
      `<line x1="${left}" x2="${W - right}" y1="${y(n)}" y2="${y(n)}" stroke="${GRID}"/>`,
      `<text x="${left - 8}" y="${y(n) + 4}" font-size="12" fill="${MUTED}" text-anchor="end">${n}</text>`,
    );
  counts.forEach((c, i) => {
    if (!c) return;
    const [a, b] = [x(lo(i)) + 1, x(hi(i)) - 1];
    parts.push(
      `<rect x="${a}" y="${y(c)}" width="${Math.max(1, b - a)}" height="${y(0) - y(c)}" fill="${BAR}"><title>${xml(`${perPoint ? "" : "["}${range(i)} points: ${c} student(s)`)}</title></rect>`,
      `<text x="${(a + b) / 2}" y="${y(c) - 5}" font-size="12" fill="${INK}" text-anchor="middle">${c}</text>`,
    );
  });
  // Ticks: every `step` points (labelled every few when crowded), and the maximum, labelled, at the end.
  const every = Math.ceil((perPoint ? max : bins) / 12);
  for (let i = 0; i < (perPoint ? max : bins); i++) {
    const t = i * step;
    const label = i % every === 0 && x(max) - x(t) >= 36;
    parts.push(
      `<line x1="${x(t)}" x2="${x(t)}" y1="${y(0)}" y2="${y(0) + 5}" stroke="${MUTED}"/>`,
      ...(label
        ? [`<text x="${x(t)}" y="${y(0) + 19}" font-size="12" fill="${MUTED}" text-anchor="middle">${t}</text>`]
        : []),
    );
  }
  parts.push(
    `<line x1="${x(max)}" x2="${x(max)}" y1="${y(0)}" y2="${y(0) + 5}" stroke="${INK}"/>`,
    `<text x="${x(max)}" y="${y(0) + 19}" font-size="12" fill="${INK}" font-weight="600" text-anchor="middle">${max}</text>`,
  );
  parts.push(
    `<line x1="${left}" x2="${W - right}" y1="${y(0)}" y2="${y(0)}" stroke="${INK}"/>`,
    `<text x="${left + plotW / 2}" y="${H - 18}" font-size="13" fill="${INK}" text-anchor="middle">total points, of ${book.max}${perPoint ? "" : ` (bins of ${step}; the last, ${lo(bins - 1)}–${max}, includes the maximum)`}</text>`,
    `<text transform="translate(20 ${above + plotH / 2}) rotate(-90)" font-size="13" fill="${INK}" text-anchor="middle">students</text>`,
    "</svg>",
    "",
  );
  return parts.join("\n");
}

/** One horizontal bar per exercise: the share of counted students with its full points; a line between chapters. */
export function passRatesSvg(book: Gradebook): string {
  const rates = passRates(book);
  const rowH = 24;
  const [W, left, right, above, below] = [720, 230, 120, 64, 64];
  const H = above + rowH * Math.max(1, rates.length) + below;
  const plotW = W - left - right;
  const x = (share: number) => left + plotW * share;
  const bottom = H - below;
  const title = `Pass rate per exercise: ${book.assignment}`;
  const desc = `Share of the ${rates[0]?.of ?? 0} students whose files were found who earned each exercise's full points. ${rates
    .map((r) => `${r.column}: ${r.full} of ${r.of}`)
    .join("; ")}.`;
  const parts = [svgOpen(W, H, title, desc)];
  for (let p = 0; p <= 100; p += 25)
    parts.push(
      `<line x1="${x(p / 100)}" x2="${x(p / 100)}" y1="${above - 4}" y2="${bottom + 4}" stroke="${GRID}"/>`,
      `<text x="${x(p / 100)}" y="${above - 10}" font-size="12" fill="${MUTED}" text-anchor="middle">${p}%</text>`,
      `<text x="${x(p / 100)}" y="${bottom + 18}" font-size="12" fill="${MUTED}" text-anchor="middle">${p}%</text>`,
    );
  rates.forEach((r, i) => {
    const top = above + i * rowH;
    const share = r.of ? r.full / r.of : 0;
    if (i > 0 && book.exercises[i]!.chapter !== book.exercises[i - 1]!.chapter)
      parts.push(`<line x1="8" x2="${W - 8}" y1="${top}" y2="${top}" stroke="${GRID}" stroke-dasharray="2 3"/>`);
    parts.push(
      `<text x="${left - 10}" y="${top + rowH / 2 + 4}" font-size="12" fill="${INK}" text-anchor="end">${xml(clip(r.column, 30))}</text>`,
      `<rect x="${left}" y="${top + 4}" width="${plotW * share}" height="${rowH - 8}" fill="${BAR}"><title>${xml(`${r.column}: ${r.full} of ${r.of}`)}</title></rect>`,
      `<text x="${x(share) + 6}" y="${top + rowH / 2 + 4}" font-size="12" fill="${INK}" stroke="#ffffff" stroke-width="3" paint-order="stroke">${pct(r.full, r.of)} (${r.full} of ${r.of})</text>`,
    );
  });
  parts.push(
    `<line x1="${left}" x2="${left}" y1="${above - 4}" y2="${bottom + 4}" stroke="${INK}"/>`,
    `<text x="${left + plotW / 2}" y="${H - 16}" font-size="13" fill="${INK}" text-anchor="middle">share of students with the exercise's full points</text>`,
    "</svg>",
    "",
  );
  return parts.join("\n");
}

// ---------------------------------------------------------------------------------------------
// Writing it all
// ---------------------------------------------------------------------------------------------

/** Writes `text` to `path` at once: a temporary file renamed into place (never half a file). */
function writeAtomically(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

/** The files {@link writeGradebook} writes into the output folder; a student folder must not take these names. */
export const GRADEBOOK_FILES = ["grades.csv", "summary.md", "totals.svg", "pass-rates.svg"] as const;

/**
 * Rebuilds grades.csv, summary.md and the two charts in `outDir` from the grade.json of each of
 * `students` (those not graded yet are left out, or "missing" with a roster).
 */
export function writeGradebook(
  outDir: string,
  course: Course,
  students: readonly string[],
  options: { roster?: readonly RosterEntry[]; assignment?: string } = {},
): Gradebook {
  const grades = students.map((s) => readGrade(outDir, s)).filter((g) => g !== undefined);
  const book = buildGradebook(course, grades, options.roster, options.assignment);
  writeAtomically(join(outDir, "grades.csv"), gradesCsv(book));
  writeAtomically(join(outDir, "summary.md"), summaryMarkdown(book));
  writeAtomically(join(outDir, "totals.svg"), totalsSvg(book));
  writeAtomically(join(outDir, "pass-rates.svg"), passRatesSvg(book));
  return book;
}
