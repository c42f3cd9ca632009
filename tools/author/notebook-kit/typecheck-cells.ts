/**
 * Type-checks the TypeScript (and JavaScript) cells of notebooks against `lib/`, as the kit does not:
 * its TypeScript cells are only transpiled. For each notebook, the code cells are written in dependency
 * order (a cell after the cells whose names it reads) to `.cache/cells/<notebook>.ts`, with the builtins
 * declared in `cells-env.d.ts`; dynamic markdown cells become ``md`…` `` expressions, so their `${…}` are
 * checked too. One `tsc` run checks them all, and each error is mapped back to its notebook, cell and line.
 *
 *   npm run typecheck:cells -- [notebook.html …]
 */

import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { type CompiledCell, compileNotebook } from "./compile.ts";
import { runTsc } from "../tsc.ts";
import { parseCommand, runCommand } from "../cli.ts";
import { fromRoot, isMain } from "../root.ts";

/** A type error in a cell. */
export interface CellTypeError {
  notebook: string;
  cell: number;
  /** 1-based line within the cell's source. */
  line: number;
  message: string;
}

const OUT_DIR = fromRoot(".cache/cells");

/** Orders code cells so that every cell comes after the cells defining the names it reads. */
function dependencyOrder(cells: CompiledCell[]): CompiledCell[] {
  const definedBy = new Map<string, CompiledCell>();
  for (const c of cells) for (const name of c.outputs) definedBy.set(name, c);
  const done = new Set<CompiledCell>();
  const order: CompiledCell[] = [];
  const visit = (c: CompiledCell, stack: Set<CompiledCell>) => {
    if (done.has(c) || stack.has(c)) return; // a cycle is the runtime's error to report, not ours
    stack.add(c);
    for (const name of c.inputs) {
      const dep = definedBy.get(name);
      if (dep && dep !== c) visit(dep, stack);
    }
    stack.delete(c);
    done.add(c);
    order.push(c);
  };
  for (const c of cells) visit(c, new Set());
  return order;
}

/** Rewrites relative import specifiers from the notebook's folder to the generated file's folder. */
function rebase(source: string, notebookDir: string): string {
  return source.replace(
    /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.{1,2}\/[^"']+)\2/g,
    (_, head, quote, spec) => {
      let rel = relative(OUT_DIR, resolve(notebookDir, spec)).replaceAll("\\", "/");
      if (!rel.startsWith(".")) rel = `./${rel}`;
      return `${head}${quote}${rel}${quote}`;
    },
  );
}

interface Generated {
  notebook: string;
  file: string;
  /** For each generated line (0-based), the cell and its 1-based line, or undefined for glue lines. */
  lines: ({ cell: number; line: number } | undefined)[];
}

async function generate(notebookPath: string): Promise<Generated> {
  const nb = await compileNotebook(notebookPath);
  const notebook = basename(notebookPath);
  const out: string[] = [
    `// Generated from ${relative(fromRoot("."), notebookPath)} by typecheck-cells.ts. Do not edit.`,
    "export {};",
  ];
  const lines: Generated["lines"] = [undefined, undefined];
  const code = nb.cells.filter(
    (c) => c.mode === "js" || c.mode === "ts" || (c.mode === "md" && c.value.includes("${")),
  );
  for (const cell of dependencyOrder(code)) {
    const body = cell.mode === "md" ? `md\`${cell.value}\`;` : rebase(cell.value, dirname(notebookPath));
    out.push(`// cell ${cell.id}`);
    lines.push(undefined);
    body.split("\n").forEach((text, i) => {
      out.push(text);
      lines.push({ cell: cell.id, line: i + 1 });
    });
  }
  const file = join(OUT_DIR, notebook.replace(/\.html$/, ".ts"));
  await writeFile(file, out.join("\n") + "\n");
  return { notebook, file, lines };
}

/** Type-checks the given notebooks' cells; resolves to the errors found (empty when all is well). */
export async function typecheckCells(notebookPaths: string[]): Promise<CellTypeError[]> {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  const generated = await Promise.all(notebookPaths.map(generate));
  const tsconfig = {
    extends: relative(OUT_DIR, fromRoot("tsconfig.json")),
    // The course's own options, noUncheckedIndexedAccess included. A markdown cell is JavaScript, so it
    // reads a table's row with `?.` (a missing row shows "undefined" in the prose instead of failing the cell).
    compilerOptions: { noUnusedLocals: false, types: [] },
    files: [
      relative(OUT_DIR, fromRoot("tools/author/notebook-kit/cells-env.d.ts")),
      relative(OUT_DIR, fromRoot("tools/author/notebook-kit/virtual.d.ts")),
      ...generated.map((g) => basename(g.file)),
    ],
    include: [],
  };
  await writeFile(join(OUT_DIR, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  const errors: CellTypeError[] = [];
  for (const { file, line, message } of await runTsc(OUT_DIR)) {
    const g = generated.find((x) => resolve(OUT_DIR, file) === x.file || resolve(file) === x.file);
    const where = g?.lines[line - 1];
    if (g && where) errors.push({ notebook: g.notebook, cell: where.cell, line: where.line, message });
    else errors.push({ notebook: file, cell: 0, line, message });
  }
  return errors;
}

/** Formats errors one a line: `01-….html cell 4, line 2: TS2345: …`. */
export function formatCellErrors(errors: CellTypeError[]): string {
  return errors.map((e) => `${e.notebook} cell ${e.cell}, line ${e.line}: ${e.message}`).join("\n");
}

/** All chapter notebooks. */
export async function courseNotebooks(): Promise<string[]> {
  const dir = fromRoot("notebooks");
  return (await readdir(dir))
    .filter((f) => f.endsWith(".html"))
    .sort()
    .map((f) => join(dir, f));
}

if (isMain(import.meta.url)) {
  const { positionals } = parseCommand(
    "Usage: npm run typecheck:cells [-- notebook.html …]\n\nType-checks the TypeScript cells of the notebooks named (default: every chapter) against lib/.",
    {},
  );
  await runCommand(async () => {
    const paths = positionals.length ? positionals.map((p) => resolve(p)) : await courseNotebooks();
    const errors = await typecheckCells(paths);
    console.log(errors.length ? formatCellErrors(errors) : `cells type-check: ${paths.length} notebook(s), no errors`);
    process.exitCode = errors.length ? 1 : 0;
  });
}
