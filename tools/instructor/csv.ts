/**
 * CSV as spreadsheets and the grader exchange it (RFC 4180): the cells `grades.csv` is written with,
 * and the parser a roster is read with — one of each, for every tool of the course.
 *
 * Writing: a cell is quoted when it holds a comma, a quote, CR or LF (quotes doubled), and one a
 * spreadsheet would run as a formula gets a leading `'` (see {@link csvCell}). Reading: RFC 4180 plus
 * what real exports add — a UTF-8 BOM (Excel's "CSV UTF-8"), LF line ends (most tools on Unix), a last
 * line with or without its line end — and nothing looser: a quote in the middle of an unquoted cell, or
 * text after a closing quote, is an error with its line number, not a guess.
 */

/** A cell that starts like a formula (OWASP, "CSV injection"), or with the ' that marks one as text. */
const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * One CSV cell, RFC 4180: quoted when it holds a comma, a quote, CR or LF (quotes doubled). A cell a
 * spreadsheet would run as a formula — starting with =, +, -, @, tab or CR (OWASP, "CSV injection") —
 * gets a leading ', and so does one that starts with ' (so that stripping one leading ' always gives
 * the name back exactly: {@link uncell}).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A cell's text as it was before {@link csvCell}'s formula guard: one leading ' goes when what follows
 * it is something the guard protects (so "'=1+1" gives "=1+1", but "'Brien" stays as it is).
 */
export function uncell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** One CSV record: the cells, each through {@link csvCell}, with the CRLF line end RFC 4180 gives. */
export function csvRow(cells: readonly (string | number)[]): string {
  return cells.map((c) => csvCell(String(c))).join(",") + "\r\n";
}

/**
 * Parses CSV text into records of cells (the BOM dropped; CRLF or LF line ends; a quoted cell may hold
 * commas, line breaks and doubled quotes). Blank lines are skipped. Throws a SyntaxError that names the
 * line for a malformed file.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let line = 1;
  let i = text.startsWith("\uFEFF") ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    if (record.length > 1 || record[0] !== "") records.push(record);
    record = [];
    cell = "";
    line++;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' && cell === "") {
      const opened = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new SyntaxError(`line ${opened}: a quoted cell is never closed`);
        if (text[i] === '"') {
          if (text[i + 1] !== '"') break;
          cell += '"';
          i += 2;
        } else {
          if (text[i] === "\n") line++;
          cell += text[i++];
        }
      }
      i++; // the closing quote
      if (i < text.length && text[i] !== "," && text[i] !== "\n" && !text.startsWith("\r\n", i))
        throw new SyntaxError(`line ${line}: text after a closing quote (a quote inside a cell is written "")`);
    } else if (c === ",") {
      record.push(cell);
      cell = "";
      i++;
    } else if (c === "\n" || text.startsWith("\r\n", i)) {
      endRecord();
      i += c === "\n" ? 1 : 2;
    } else if (c === '"' || c === "\r") {
      throw new SyntaxError(
        `line ${line}: a bare ${c === '"' ? "quote" : "carriage return"} in an unquoted cell (quote the cell)`,
      );
    } else {
      cell += c;
      i++;
    }
  }
  if (cell !== "" || record.length) endRecord();
  return records;
}
