/** Types of our offline `observable:runtime` (index.js), for the tests that drive it. */

export type CellStatus = "pending" | "fulfilled" | "rejected";

export interface CellRecord {
  status: CellStatus;
  error: unknown;
  /** `performance.now()` when the cell last fulfilled or rejected. */
  settledAt?: number;
}

export interface CellDefinition {
  id: number;
  body: (...args: unknown[]) => unknown;
  inputs: string[];
  outputs: string[];
  [key: string]: unknown;
}

export interface Notebook {
  runtime: { dispose(): void };
  main: unknown;
  define(state: { root: HTMLElement; expanded: unknown[]; variables: unknown[] }, definition: CellDefinition): void;
  cells: Map<number, CellRecord>;
}

export declare function createNotebook(builtins?: Record<string, unknown>): Notebook;
export declare const define: Notebook["define"];
export declare const cells: Notebook["cells"];
