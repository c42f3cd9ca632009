/**
 * grades.csv with hostile student names, read back with an RFC 4180 parser: every name comes back
 * exactly (after the one leading ' the grader adds to a cell a spreadsheet would run as a formula), and
 * no cell starts like a formula (docs/grading.md §3).
 * (Instructor-only, like the grader: tools/instructor/release.ts leaves tests/grader/ out of the edition.)
 */

import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type GradescopeResults, csvCell, gradeClass } from "../../tools/instructor/grade.ts";
import { fromRoot } from "../../tools/author/root.ts";
import { MAX, HEADER, scratchFolder } from "./shared.ts";

const scratch = scratchFolder("csv");

/** RFC 4180: records of fields; a quoted field may hold commas, CR, LF and doubled quotes. Strict: throws on malformed input. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let i = 0;
  const endField = () => {
    record.push(field);
    field = "";
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && field === "") {
      // a quoted field
      i++;
      for (;;) {
        if (i >= text.length) throw new SyntaxError("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else field += text[i++];
      }
      if (i < text.length && text[i] !== "," && !text.startsWith("\r\n", i))
        throw new SyntaxError(`text after a closing quote at ${i}`);
    } else if (c === ",") {
      endField();
      i++;
    } else if (text.startsWith("\r\n", i)) {
      endField();
      records.push(record);
      record = [];
      i += 2;
    } else if (c === '"' || c === "\r" || c === "\n") {
      throw new SyntaxError(`bare ${JSON.stringify(c)} in an unquoted field at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (field !== "" || record.length) {
    endField();
    records.push(record);
  }
  return records;
}

/** The grader's escape, undone: one leading ' goes (it is only ever added). */
const unescape = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

const HOSTILE = [
  "plain",
  "Doe, Jane",
  'The "Rock"',
  "two\nlines",
  "carriage\r\nreturn",
  "Zoë Ünïcødé 名前 🙂",
  '=HYPERLINK("evil.example","click")',
  "=1+1",
  "+33 6 12",
  "-2+3",
  "@SUM(A1:A9)",
  "\tTabbed",
  "\rCR first",
  "'quoted already",
  "''two",
  ' =leading space, "and quotes"',
];

describe("grades.csv with hostile student names", () => {
  it(
    "reads back every name exactly with an RFC 4180 parser, and no cell runs as a formula",
    { timeout: 300_000 },
    async () => {
      const submissions = join(scratch, "names");
      const out = join(scratch, "names-out");
      for (const name of HOSTILE)
        cpSync(fromRoot("exercises"), join(submissions, name, "exercises"), { recursive: true });
      const { graded } = await gradeClass({ submissions, out, quiet: true });
      expect(graded.sort()).toEqual([...HOSTILE].sort());

      const text = readFileSync(join(out, "grades.csv"), "utf8");
      expect(text.startsWith("\uFEFF"), "a BOM: spreadsheets read the file as UTF-8").toBe(true);
      const [header, ...rows] = parseCsv(text.slice(1));
      expect(header).toEqual(HEADER);
      expect(rows.length).toBe(HOSTILE.length);
      for (const row of rows) {
        expect(row.length).toBe(header!.length);
        expect(row.slice(1, -2).every((c) => /^\d+$/.test(c))).toBe(true);
        expect(row.slice(-3)).toEqual([String(MAX), "graded", ""]);
      }
      expect(rows.map((r) => unescape(r[0]!)).sort()).toEqual([...HOSTILE].sort());
      // OWASP: a cell starting with = + - @ tab or CR is a formula to a spreadsheet.
      for (const cell of [header!, ...rows].flat()) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
      // Each student's own files are where their name says.
      for (const name of HOSTILE) {
        const results = JSON.parse(readFileSync(join(out, name, "results.json"), "utf8")) as GradescopeResults;
        expect(results.score).toBe(0);
        expect(readFileSync(join(out, name, "feedback.md"), "utf8")).toContain(`# Feedback for ${name}`);
      }
    },
  );

  it("escapes exactly the cells a spreadsheet would run, and quotes per RFC 4180", () => {
    expect(csvCell("Jane")).toBe("Jane");
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("=a,b")).toBe(`"'=a,b"`);
    expect(csvCell("O'Brien")).toBe("O'Brien");
    for (const name of HOSTILE) expect(unescape(parseCsv(`${csvCell(name)}\r\n`)[0]![0]!)).toBe(name);
  });
});
