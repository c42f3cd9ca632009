/**
 * Runs before every test file: registers the custom matchers and makes the
 * property tests reproducible. Set FC_SEED to explore other random inputs
 * (`FC_SEED=$RANDOM npx vitest run`); fast-check prints the seed of any failure.
 */
import fc from "fast-check";
import "./matchers.ts";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261129) });
