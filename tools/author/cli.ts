/**
 * The shape of every command of the course (`npm run check`, `grade`, `release`, …): arguments parsed by
 * `node:util`'s parseArgs, a usage text printed on `--help` or on a mistake, and errors a person can act
 * on — one line, no stack trace — for anything expected (a missing folder, an unknown exercise).
 */

import { parseArgs } from "node:util";

type Options = NonNullable<Parameters<typeof parseArgs>[0]>["options"];

/** An error meant for the person at the terminal: printed as its message alone, exit code 1 (2 for usage). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = "CommandError";
  }
}

/**
 * Parses `process.argv` for a command; prints `usage` and exits 0 on `--help`, or exits 2 with the
 * usage on an unknown option.
 * @param usage - The usage text, starting with the command line: "Usage: npm run check -- [exercise…]".
 */
export function parseCommand<O extends Options>(usage: string, options: O, argv = process.argv.slice(2)) {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed as ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * Runs a command's main function: a {@link CommandError} or RangeError (an unknown exercise) prints as
 * one line; anything else is a bug and keeps its stack.
 */
export async function runCommand(main: () => Promise<void> | void): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof CommandError || error instanceof RangeError) {
      console.error(error.message);
      process.exitCode = error instanceof CommandError ? error.exitCode : 1;
    } else throw error;
  }
}
