/**
 * One assignment at a time, and the gradebook an instructor imports (issue 17, §2 and §5):
 * - `npm run grade -- <subs> --out <dir> --exercises … --roster roster.csv` grades a tiny class with the
 *   real grader on three exercises of two chapters: grades.csv, read back with d3's CSV parser (not
 *   the course's), has exactly the columns student, id, email, <those exercises>, <their chapters'
 *   subtotals>, total, max, status, notice; a name with commas, quotes, Unicode and a leading = comes
 *   back exactly; the roster adds id and email, a roster student without a submission is a row of
 *   zeros "missing", a submission not on the roster says so; Gradescope's tests are those exercises';
 * - summary.md says what an instructor reads first, and links two charts that are well-formed,
 *   accessible SVG;
 * - a rerun for another assignment stops instead of mixing columns (or, with --force, regrades all);
 *   --only regrades only those students;
 * - the assignment flags resolve names as `npm run check` does and say "did you mean"; the Gradescope
 *   export writes assignment.json at the root of the zip, and the packaged run_autograder grades that
 *   assignment alone (the contract with run_autograder: it passes the file to `grade --assignment`);
 * - the roster reader and the CSV parser: what real exports look like, and errors with a line number.
 * (Instructor-only: tools/instructor/release.ts leaves this file out of the edition.)
 */

import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allExercises, courseIndex, loadCourse } from "../../tools/author/course.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { pointsOf } from "../../tools/isomorphic/exercise.ts";
import { assignmentJson, selectExercises } from "../../tools/instructor/assignment.ts";
import { csvRow, parseCsv, uncell } from "../../tools/instructor/csv.ts";
import { exportGradescope } from "../../tools/instructor/export-gradescope.ts";
import { type GradescopeResults, gradeClass } from "../../tools/instructor/grade.ts";
import { readRoster, spread } from "../../tools/instructor/gradebook.ts";

/** d3-dsv's RFC 4180 parser (d3 is a dependency of the course, shipped without types: typed here). */
const D3 = "d3";
const { csvParseRows } = (await import(D3)) as { csvParseRows(text: string): string[][] };

const course = await loadCourse();
const byNumber = (n: string) => allExercises(course).find((e) => e.number === n)!;
/** The assignment graded here: two exercises of chapter 05 and one of 06 (few, to stay fast). */
const CHOSEN = ["05.1", "05.3", "06.2"].map(byNumber);
const POINTS = CHOSEN.map((e) => pointsOf(e.checks));
const MAX = POINTS.reduce((s, p) => s + p, 0);
const HOSTILE = '=Zoë "Z", Ünïcødé 名前';

const root = mkdtempSync(join(tmpdir(), "gradebook-test-"));
const submissions = join(root, "submissions");
const out = join(root, "out");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A student folder: `exercises/` copied from the stubs, with the solutions of `solved` (numbers) put in. */
function student(name: string, solved: string[]): void {
  const dir = join(submissions, name, "exercises");
  cpSync(fromRoot("exercises"), dir, { recursive: true });
  for (const n of solved) cpSync(fromRoot(`solutions/${byNumber(n).file}`), join(dir, byNumber(n).file));
}

/** grades.csv read back with d3-dsv, an RFC 4180 parser independent of the course's; BOM checked and dropped. */
function readGrades(): { text: string; header: string[]; rows: Map<string, Record<string, string>> } {
  const text = readFileSync(join(out, "grades.csv"), "utf8");
  expect(text.startsWith("\uFEFF"), "a BOM, so that Excel reads UTF-8").toBe(true);
  const [header, ...rows] = csvParseRows(text.slice(1));
  for (const r of rows) expect(r).toHaveLength(header!.length);
  const record = (r: string[]) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]));
  return { text, header: header!, rows: new Map(rows.map((r) => [uncell(r[0]!), record(r)])) };
}

/**
 * Well-formed XML, checked strictly enough for a chart: one root, every tag closed in order, attribute
 * values quoted, no bare & or <, only the five XML entities or numeric ones. Returns the start tags.
 */
function xmlTags(text: string): { name: string; attrs: Record<string, string>; text: string }[] {
  const tags: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const open: { name: string; attrs: Record<string, string>; text: string }[] = [];
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let roots = 0;
  let at = 0;
  for (let m; (m = token.exec(text)); at = token.lastIndex) {
    const [, close, name, attrs, selfClose, chars] = m;
    if (chars !== undefined) {
      expect(chars.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);/gi, ""), "a bare &").not.toMatch(/&/);
      if (open.length) open.at(-1)!.text += chars;
      else expect(chars.trim(), "text outside the root").toBe("");
    } else if (close) {
      expect(open.pop()?.name, `</${name}> closes what was open`).toBe(name);
    } else {
      if (!open.length) roots++;
      const tag = {
        name: name!,
        attrs: Object.fromEntries([...attrs!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
        text: "",
      };
      tags.push(tag);
      if (!selfClose) open.push(tag);
    }
  }
  expect(at, `not XML from ${JSON.stringify(text.slice(at, at + 40))}`).toBe(text.length);
  expect(
    open.map((t) => t.name),
    "unclosed tags",
  ).toEqual([]);
  expect(roots).toBe(1);
  return tags;
}

describe("npm run grade on one assignment, with a roster", () => {
  let r: SpawnSyncReturns<string>;
  beforeAll(() => {
    student("alice", ["05.1", "05.3", "06.2"]);
    student("bob", []);
    student(HOSTILE, ["05.1", "05.3", "06.2"]);
    student("Carol", ["05.1"]);
    mkdirSync(join(submissions, "empty"));
    writeFileSync(join(submissions, "empty", "readme.txt"), "I will send it tomorrow\n");
    student("stranger", ["06.2"]);
    const roster = [
      ["name", "Student ID", "E-mail", "section"],
      ["alice", "1001", "alice@example.edu", "A"],
      ["bob", "1002", "bob@example.edu", "A"],
      [HOSTILE, "1003", "zoe@example.edu", "B"], // written as a spreadsheet would keep it: with the ' guard
      ["  carol ", "1004", "carol@example.edu", "B"], // taken loosely for the folder "Carol"
      ["empty", "1005", "empty@example.edu", "B"],
      ["Dave Missing", "1006", "dave@example.edu", "B"],
    ];
    writeFileSync(join(root, "roster.csv"), roster.map(csvRow).join(""));
    r = spawnSync(
      "npm",
      ["run", "--silent", "grade", "--", submissions, "--out", out, "--exercises", "05.1,slerp,06.2"],
      { cwd: fromRoot("."), encoding: "utf8" },
    );
    // (the roster is given on a second, instant run: it only rebuilds the gradebook)
    if (r.status === 0)
      r = spawnSync(
        "npm",
        [
          "run",
          "--silent",
          "grade",
          "--",
          submissions,
          "--out",
          out,
          "--exercises",
          "05.1,slerp,06.2",
          "--roster",
          join(root, "roster.csv"),
        ],
        { cwd: fromRoot("."), encoding: "utf8" },
      );
  }, 300_000);

  it("runs, and names the roster's gaps on the terminal", () => {
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/summary\.md first/);
    expect(r.stdout).toMatch(/On the roster, no submission \(status "missing"\): "Dave Missing"/);
    expect(r.stdout).toMatch(/Not on the roster: "stranger"/);
    expect(JSON.parse(readFileSync(join(out, "assignment.json"), "utf8"))).toEqual({
      exercises: CHOSEN.map((e) => e.id),
    });
  });

  it("grades.csv: the selected exercises, their chapters' subtotals, total, max, status and notice", () => {
    const { text, header, rows } = readGrades();
    expect(header).toEqual([
      "student",
      "id",
      "email",
      "05.1 wrap-angle",
      "05.3 slerp",
      "06.2 viewport",
      "05 subtotal",
      "06 subtotal",
      "total",
      "max",
      "status",
      "notice",
    ]);
    // Strict: each cell unescaped, then written back with the grader's own quoting, gives the file's bytes.
    expect(
      "\uFEFF" +
        csvParseRows(text.slice(1))
          .map((r) => csvRow(r.map(uncell)))
          .join(""),
    ).toBe(text);
    expect([...rows.keys()]).toEqual(["alice", "bob", HOSTILE, "Carol", "empty", "Dave Missing", "stranger"]);
    const full = { "05.1 wrap-angle": String(POINTS[0]), "05.3 slerp": String(POINTS[1]) };
    expect(rows.get("alice")).toEqual({
      student: "alice",
      id: "1001",
      email: "alice@example.edu",
      ...full,
      "06.2 viewport": String(POINTS[2]),
      "05 subtotal": String(POINTS[0]! + POINTS[1]!),
      "06 subtotal": String(POINTS[2]),
      total: String(MAX),
      max: String(MAX),
      status: "graded",
      notice: "",
    });
    expect(rows.get("bob")).toMatchObject({ total: "0", max: String(MAX), status: "graded", notice: "" });
    expect(rows.get("Carol")).toMatchObject({
      id: "1004",
      "05.1 wrap-angle": String(POINTS[0]),
      "05.3 slerp": "0",
      "05 subtotal": String(POINTS[0]),
      total: String(POINTS[0]),
    });
    expect(rows.get("empty")).toMatchObject({ total: "0", status: "nothing found" });
    expect(rows.get("empty")!.notice).toMatch(/nothing was graded/);
    expect(rows.get("Dave Missing")).toEqual({
      student: "Dave Missing",
      id: "1006",
      email: "dave@example.edu",
      "05.1 wrap-angle": "0",
      "05.3 slerp": "0",
      "06.2 viewport": "0",
      "05 subtotal": "0",
      "06 subtotal": "0",
      total: "0",
      max: String(MAX),
      status: "missing",
      notice: "on the roster, but no submission was found",
    });
    expect(rows.get("stranger")).toMatchObject({
      id: "",
      email: "",
      total: String(POINTS[2]),
      notice: "not on the roster",
    });
  });

  it("keeps a name with commas, quotes, Unicode and a leading = exactly, and no cell runs as a formula", () => {
    const { text, rows } = readGrades();
    expect(rows.get(HOSTILE)).toMatchObject({ id: "1003", total: String(MAX), status: "graded" });
    const cells = csvParseRows(text.slice(1)).flat();
    expect(cells).toContain(`'${HOSTILE}`); // the guard: one leading '
    for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
    expect(readFileSync(join(out, HOSTILE, "feedback.md"), "utf8")).toContain(`# Feedback for ${HOSTILE}`);
  });

  it("writes Gradescope tests for the selected exercises only, and status and notices in grade.json", () => {
    const results = JSON.parse(readFileSync(join(out, "alice", "results.json"), "utf8")) as GradescopeResults;
    expect(results.tests).toHaveLength(CHOSEN.reduce((s, e) => s + e.checks.length, 0));
    expect(results.score).toBe(MAX);
    // While hidden checks are hidden, the output states the visible points only (Gradescope's rule).
    const hidden = CHOSEN.flatMap((e) => e.checks.filter((c) => c.hidden)).reduce((s, c) => s + c.points, 0);
    expect(results.output).toMatch(
      new RegExp(
        `^${MAX - hidden} of ${MAX - hidden} points in the visible checks; the hidden checks' ${hidden} point`,
      ),
    );
    expect(JSON.parse(readFileSync(join(out, "empty", "grade.json"), "utf8"))).toMatchObject({
      status: "nothing found",
      notices: [expect.stringMatching(/nothing was graded/)],
      exercises: Object.fromEntries(CHOSEN.map((e) => [e.id, 0])),
    });
    expect(JSON.parse(readFileSync(join(out, "alice", "grade.json"), "utf8"))).toMatchObject({
      status: "graded",
      notices: [],
    });
  });

  it("summary.md: counts by status, the spread of totals, pass rates, what needs a look, the charts", () => {
    const summary = readFileSync(join(out, "summary.md"), "utf8");
    expect(summary).toMatch(/^# Grades: 05\.1 wrap-angle, 05\.3 slerp, 06\.2 viewport\n/);
    expect(summary).toMatch(/6 submission\(s\) for a roster of 6; 3 exercise\(s\), \d+ points/);
    for (const [status, n] of [
      ["graded", 5],
      ["partly matched", 0],
      ["nothing found", 1],
      ["missing", 1],
    ] as const)
      expect(summary).toContain(`| ${status} | ${n} |`);
    // Statistics over the five students whose files were found: alice, bob, the hostile name, Carol, stranger.
    const s = spread([MAX, 0, MAX, POINTS[0]!, POINTS[2]!]);
    const mean = Number.isInteger(s.mean) ? String(s.mean) : s.mean.toFixed(1);
    expect(summary).toContain(`| ${mean} (${Math.round((100 * s.mean) / MAX)}%) | ${s.median} | 0 | ${MAX} |`);
    expect(summary).toContain(`| 05.1 wrap-angle | ${POINTS[0]} | `);
    expect(summary).toMatch(/\| 05\.1 wrap-angle \|[^\n]*\| 3 of 5 \(60%\) \|/);
    expect(summary).toMatch(/\| 05\.3 slerp \|[^\n]*\| 2 of 5 \(40%\) \|/);
    expect(summary).toMatch(/\| 06\.2 viewport \|[^\n]*\| 3 of 5 \(60%\) \|/);
    expect(summary).toContain("](totals.svg)");
    expect(summary).toContain("](pass-rates.svg)");
    expect(summary).toMatch(/- \*\*empty\*\* \(nothing found\): no exercises\/ folder/);
    expect(summary).toMatch(/- \*\*Dave Missing\*\* \(missing\): on the roster/);
    expect(summary).toMatch(/- \*\*stranger\*\* \(graded\): not on the roster/);
    expect(summary).toMatch(/- On the roster, no submission: \*\*Dave Missing\*\*/);
    expect(summary).toMatch(/- A submission not on the roster: \*\*stranger\*\*/);
    expect(summary).toContain('- Roster name "  carol " taken as the folder **Carol**');
  });

  it.each(["totals.svg", "pass-rates.svg"])("%s is well-formed, accessible SVG with readable text", (file) => {
    const svg = readFileSync(join(out, file), "utf8");
    const tags = xmlTags(svg);
    const [top] = tags;
    expect(top).toMatchObject({ name: "svg", attrs: { xmlns: "http://www.w3.org/2000/svg", role: "img" } });
    expect(tags[1]).toMatchObject({ name: "title" });
    expect(tags[2]).toMatchObject({ name: "desc" });
    expect(tags[1]!.text).toMatch(/05\.1 wrap-angle, 05\.3 slerp, 06\.2 viewport/);
    const texts = tags.filter((t) => t.name === "text");
    for (const t of texts) expect(Number(t.attrs["font-size"]), t.text).toBeGreaterThanOrEqual(11);
    const words = texts.map((t) => t.text).join(" | ");
    if (file === "totals.svg") {
      expect(words).toMatch(/students/);
      expect(words).toMatch(/total points, of \d+/);
      expect(tags[1]!.text).toMatch(/^Totals of 5 students/);
    } else {
      expect(words).toMatch(/share of students with the exercise's full points/);
      expect(words).toMatch(/05\.3 slerp/);
      expect(words).toMatch(/40% \(2 of 5\)/);
      expect(tags.filter((t) => t.name === "rect" && t.attrs.fill !== "#ffffff")).toHaveLength(3);
    }
  });

  it("a rerun for another assignment stops rather than mix columns; with --force it regrades for the new one", async () => {
    const other = [byNumber("05.1").id];
    await expect(gradeClass({ submissions, out, quiet: true, exercises: other })).rejects.toThrow(
      /holds the grades of another assignment .* Give each assignment its own --out, or add --force/,
    );
    await expect(
      gradeClass({ submissions, out, quiet: true, exercises: other, force: true, only: ["bob"] }),
    ).rejects.toThrow(/another assignment/);
    const again = await gradeClass({ submissions, out, quiet: true, exercises: other, force: true });
    expect(again.graded.sort()).toEqual(["Carol", HOSTILE, "alice", "bob", "empty", "stranger"].sort());
    expect(readGrades().header).toEqual([
      "student",
      "05.1 wrap-angle",
      "05 subtotal",
      "total",
      "max",
      "status",
      "notice",
    ]);
    expect(readGrades().rows.get("alice")).toMatchObject({ total: String(POINTS[0]), max: String(POINTS[0]) });
  }, 300_000);

  it("--only regrades just those students; a plain rerun grades nobody again", async () => {
    const other = [byNumber("05.1").id];
    const before = readFileSync(join(out, "grades.csv"), "utf8");
    const only = await gradeClass({ submissions, out, quiet: true, exercises: other, only: ["bob"], force: true });
    expect(only.graded).toEqual(["bob"]);
    const plain = await gradeClass({ submissions, out, quiet: true, exercises: other });
    expect(plain.graded).toEqual([]);
    expect(readFileSync(join(out, "grades.csv"), "utf8")).toBe(before);
    await expect(gradeClass({ submissions, out, quiet: true, exercises: other, only: ["bobby"] })).rejects.toThrow(
      /--only names no student folder .*"bobby"/,
    );
  }, 120_000);
});

describe("the assignment flags", () => {
  it("resolve exercises and chapters as npm run check names them, in course order", async () => {
    const index = await courseIndex();
    expect(await selectExercises({}, index)).toBeUndefined();
    const ids = await selectExercises(
      { exercises: "slerp, 05-interpolating-rotations/01-wrap-angle", chapters: "6" },
      index,
    );
    expect(ids).toEqual([
      "05-interpolating-rotations/01-wrap-angle",
      "05-interpolating-rotations/03-slerp",
      ...index.filter((e) => e.chapter.startsWith("06-")).map((e) => e.id),
    ]);
    for (const name of [
      "05",
      "5",
      "05-interpolating-rotations",
      "interpolating-rotations",
      "exercises/05-interpolating-rotations/",
    ])
      expect(await selectExercises({ chapters: name }, index), name).toHaveLength(
        index.filter((e) => e.chapter === "05-interpolating-rotations").length,
      );
  });

  it("say 'did you mean' for an unknown exercise or chapter, and refuse an empty selection", async () => {
    const index = await courseIndex();
    await expect(selectExercises({ exercises: "slurp" }, index)).rejects.toThrow(
      /no exercise "slurp". Did you mean:\n {2}05\.3 {2}slerp/,
    );
    await expect(selectExercises({ chapters: "interpolating-rotation" }, index)).rejects.toThrow(
      /no chapter "interpolating-rotation". Did you mean:\n {2}05-interpolating-rotations/,
    );
    await expect(selectExercises({ chapters: "99" }, index)).rejects.toThrow(/Did you mean/);
    await expect(selectExercises({ exercises: " , " }, index)).rejects.toThrow(/selects no exercise/);
  });

  it("npm run grade prints an unknown name as one line of advice, no stack", { timeout: 60_000 }, () => {
    const r = spawnSync(
      "npm",
      ["run", "--silent", "grade", "--", submissions, "--out", join(root, "x"), "--chapters", "55"],
      {
        cwd: fromRoot("."),
        encoding: "utf8",
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^no chapter "55". Did you mean:/);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it("the Gradescope export writes assignment.json at the root of the zip, and the grader reads it back", async () => {
    const ids = (await selectExercises({ chapters: "05" }))!;
    const zip = join(root, "hw5.zip");
    expect(exportGradescope(zip, { exercises: ids })).toContain("assignment.json");
    const files = unzipSync(readFileSync(zip), {
      filter: (f) => f.name === "assignment.json" || f.name === "run_autograder",
    });
    expect(new TextDecoder().decode(files["assignment.json"])).toBe(assignmentJson(ids));
    expect(JSON.parse(new TextDecoder().decode(files["assignment.json"]))).toEqual({ exercises: ids });
    expect(new TextDecoder().decode(files["run_autograder"])).toMatch(/"\$ROOT\/source\/assignment.json"/);
    writeFileSync(join(root, "hw5.json"), new TextDecoder().decode(files["assignment.json"]));
    expect(await selectExercises({ assignment: join(root, "hw5.json") })).toEqual(ids);
    expect(exportGradescope(join(root, "all.zip"))).not.toContain("assignment.json");
  }, 120_000);
});

describe("reading a roster", () => {
  const write = (text: string) => {
    const file = join(root, `roster-${Math.random().toString(36).slice(2)}.csv`);
    writeFileSync(file, text);
    return file;
  };
  it("takes Excel's BOM, LF line ends, a folder column over a name column, and ignores the rest", () => {
    const file = write(
      '\uFEFFName,Folder,SIS User ID,Email Address,Notes\nJane Doe,"doe, jane",7,j@x.edu,"said ""hi"""\n\n',
    );
    expect(readRoster(file)).toEqual([{ key: "doe, jane", id: "7", email: "j@x.edu" }]);
  });
  it("says what is wrong, with the line", () => {
    expect(() => readRoster(write("student id,email\n1,a@x\n"))).toThrow(
      /"folder" or "name" \(found: student id, email\)/,
    );
    expect(() => readRoster(write("name\r\nann\r\nann\r\n"))).toThrow(/"ann" is on the roster twice/);
    expect(() => readRoster(write('name,id\r\nann,1\r\nbo"b,2\r\n'))).toThrow(/line 3: a bare quote/);
    expect(() => readRoster(write('name,id\r\n"ann"x,1\r\n'))).toThrow(/line 2: text after a closing quote/);
    expect(() => readRoster(write('name,id\r\n"ann,1\r\n'))).toThrow(/line 2: a quoted cell is never closed/);
  });
  it("parses what csvRow writes back to the same cells, and uncell undoes only the formula guard", () => {
    const cells = ["a,b", 'say "hi"', "two\nlines", "=1+1", "'quoted", "O'Brien", "", "Zoë 名"];
    expect(parseCsv(csvRow(cells) + csvRow(["x"]))).toEqual([cells.map((c) => (/^[=']/.test(c) ? `'${c}` : c)), ["x"]]);
    expect(parseCsv(csvRow(cells))[0]!.map(uncell)).toEqual(cells);
    expect(uncell("'Brien")).toBe("'Brien");
  });
});
