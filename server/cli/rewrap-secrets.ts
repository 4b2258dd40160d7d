// `npm run secrets:rewrap`: re-wraps every data key under a new master key.
//
// The new key comes from NEW_SECRETS_MASTER_KEY (base64 of 32 bytes) or is generated. With
// SECRETS_MASTER_KEY set, the new key is printed once and must replace it in the environment of
// every instance; with the key file (DATA_DIR/master.key), the file is replaced and the old key kept
// beside it as master.key.<id>.old until you delete it. Stop the server first in PGlite mode (one
// process owns its files); on PostgreSQL, restart the instances with the new key right after.
import { randomBytes } from "node:crypto";
import { copyFileSync, writeFileSync } from "node:fs";
import { loadConfig } from "../config.ts";
import { openStore } from "../db/store.ts";
import { loadMasterKey, masterKeyFromBytes, masterKeyPath } from "../lib/envelope.ts";
import { createLogger } from "../lib/logger.ts";
import { rewrapDataKeys } from "../lib/rewrap.ts";

const config = loadConfig();
const logger = createLogger({ level: "warn" });
const from = loadMasterKey({ secretsMasterKey: config.SECRETS_MASTER_KEY, dataDir: config.DATA_DIR });
const given = process.env.NEW_SECRETS_MASTER_KEY;
const newBytes = given ? Buffer.from(given, "base64") : randomBytes(32);
if (newBytes.length !== 32) {
  console.error("NEW_SECRETS_MASTER_KEY must be base64 of exactly 32 bytes.");
  process.exit(1);
}
const to = masterKeyFromBytes(newBytes);
if (to.id === from.id) {
  console.error("The new master key is the current one; nothing to do.");
  process.exit(1);
}

const store = await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, logger });
try {
  const { rewrapped, skipped } = await rewrapDataKeys(store.db, from, to);
  console.log(`Re-wrapped ${rewrapped} data key(s) from master key ${from.id} to ${to.id} (${skipped} already done).`);
} finally {
  await store.close();
}

if (config.SECRETS_MASTER_KEY) {
  if (!given) {
    console.log("Set SECRETS_MASTER_KEY to this new key on every instance, then restart them:");
    console.log(newBytes.toString("base64"));
  } else {
    console.log("Now set SECRETS_MASTER_KEY to NEW_SECRETS_MASTER_KEY on every instance and restart them.");
  }
} else {
  const path = masterKeyPath(config.DATA_DIR);
  copyFileSync(path, `${path}.${from.id}.old`);
  writeFileSync(path, `${newBytes.toString("base64")}\n`, { mode: 0o600 });
  console.log(`Wrote the new key to ${path}; the old one is in ${path}.${from.id}.old (delete it once you are sure).`);
}
