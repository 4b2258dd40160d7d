import { describe } from "vitest";
import { PGLITE_ONLY, POSTGRES_ONLY } from "./reasoned-skips.mjs";
import { testStoreKind } from "./test-server.ts";

/**
 * A block that runs only in the `postgres` vitest project. In the PGlite project it is skipped with
 * its reason in the title, which `npm test` accepts; any other skip fails the run.
 */
export function describePostgresOnly(name: string, body: () => void): void {
  describe.skipIf(testStoreKind() !== "postgres")(`${name} ${POSTGRES_ONLY}`, body);
}

/** A block that runs only where the store is PGlite; in the `postgres` project it is skipped with its reason. */
export function describePgliteOnly(name: string, body: () => void): void {
  describe.skipIf(testStoreKind() === "postgres")(`${name} ${PGLITE_ONLY}`, body);
}
