// `npm run auth:password-sign-in-on`: turns password sign-in of the console's own project back on,
// the way back in when single sign-on is required and the identity provider is gone or
// misconfigured. Run it where the server runs, with its environment (DATA_DIR or DATABASE_URL);
// on PGlite stop the server first (one process owns its files). On PostgreSQL running instances
// pick the change up at once.
import { sql } from "drizzle-orm";
import { loadAppProjectKeys, ProjectDirectory } from "../auth/stores/projects.ts";
import { loadConfig } from "../config.ts";
import { authProjectsTable } from "../db/schema/index.ts";
import { openStore } from "../db/store.ts";
import { createLogger } from "../lib/logger.ts";

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const store = await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger });
try {
  const { projectId } = await loadAppProjectKeys(store, config);
  const updated = await store.db
    .update(authProjectsTable)
    .set({ config: sql`jsonb_set(${authProjectsTable.config}, '{credential_enabled}', 'true'::jsonb)` })
    .where(sql`${authProjectsTable.id} = ${projectId}`)
    .returning({ id: authProjectsTable.id });
  if (updated.length === 0) {
    console.error("The console's project does not exist yet: start the server once first.");
    process.exitCode = 1;
  } else {
    await new ProjectDirectory(store).invalidate(projectId);
    console.log("Password sign-in is on again for the console. Sign in with your e-mail and password.");
  }
} finally {
  await store.close();
}
