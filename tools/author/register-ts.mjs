/** Registers `ts-hooks.mjs` so that `node --import ./tools/register-ts.mjs` can run `.ts` files. */
import { register } from "node:module";

register("./ts-hooks.mjs", import.meta.url);
