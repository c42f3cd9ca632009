/**
 * What a notebook cell can use without importing it: the runtime's builtins and each cell's own
 * `display` and `view`. Used only to type-check cells (typecheck-cells.ts); at run time these come
 * from notebooks/runtime/stdlib.js and the kit's define.js.
 */

type PlotModule = typeof import("@observablehq/plot");

/** An Observable input: an element whose `value` is the current choice, firing "input" events. */
interface ObservableInput<T> extends HTMLElement {
  value: T;
}

interface InputOptions<T> {
  label?: string | Node;
  value?: T;
  disabled?: boolean;
  width?: number;
}

interface ObservableInputs {
  range(
    extent: [number, number],
    options?: InputOptions<number> & { step?: number; format?: (x: number) => string; placeholder?: string },
  ): ObservableInput<number>;
  number(extent?: [number, number], options?: InputOptions<number> & { step?: number }): ObservableInput<number>;
  // The choices alone decide T (const, NoInfer): `radio(["X", "Y"])` gives "X" | "Y", not string.
  select<const T>(
    data: readonly T[],
    options?: InputOptions<NoInfer<T>> & { format?: (x: NoInfer<T>) => string; multiple?: false },
  ): ObservableInput<T>;
  radio<const T>(
    data: readonly T[],
    options?: InputOptions<NoInfer<T>> & { format?: (x: NoInfer<T>) => string },
  ): ObservableInput<T>;
  checkbox<const T>(
    data: readonly T[],
    options?: InputOptions<NoInfer<T>[]> & { format?: (x: NoInfer<T>) => string },
  ): ObservableInput<T[]>;
  toggle(options?: InputOptions<boolean>): ObservableInput<boolean>;
  button<T = number>(
    content?: string,
    options?: { label?: string; value?: T; reduce?: (value: T) => T },
  ): ObservableInput<T>;
  text(options?: InputOptions<string> & { placeholder?: string }): ObservableInput<string>;
  form<T>(
    inputs: { [K in keyof T]: ObservableInput<T[K]> },
    options?: { template?: (inputs: unknown) => HTMLElement },
  ): ObservableInput<T>;
  table<T>(data: readonly T[], options?: Record<string, unknown>): ObservableInput<T[]>;
  bind<T>(target: ObservableInput<T>, source: ObservableInput<T>): ObservableInput<T>;
}

type TemplateTag<R> = (strings: TemplateStringsArray, ...values: unknown[]) => R;

declare global {
  /** Displays a value in the cell's output (the runtime's per-cell `display`). */
  function display<T>(value: T): T;
  /** Displays an input and returns its current value; the cell re-runs when it changes. */
  function view<T>(input: ObservableInput<T>): T;
  const Inputs: ObservableInputs;
  const Plot: PlotModule;
  const tex: TemplateTag<HTMLElement> & { block: TemplateTag<HTMLElement> };
  const md: TemplateTag<HTMLElement>;
  const html: TemplateTag<HTMLElement>;
  const svg: TemplateTag<SVGElement>;
  /** The page's content width in pixels, updated on resize. */
  const width: number;
  /** Resolves when the cell is about to re-run or be disposed: release resources here. */
  const invalidation: Promise<void>;
  /** The current time in ms, as a generator (re-runs the cell every frame). */
  const now: number;
  const Generators: {
    observe<T>(change: (notify: (value: T) => void) => (() => void) | void): AsyncGenerator<T>;
    input<T>(element: ObservableInput<T>): AsyncGenerator<T>;
  };
}

export {};
