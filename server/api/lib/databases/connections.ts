import { randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { pgCopyDatabase } from "../../../backup/pg-tools.ts";
import { throwErr } from "../../../lib/errors.ts";
import type { Logger } from "../../../lib/logger.ts";
import type { OutboundPolicy } from "../../../lib/outbound.ts";
import { copyCluster } from "../../../pglite/copy-cluster.ts";
import { PgliteHost } from "../../../pglite/host.ts";
import { SparePool } from "../../../pglite/spare-pool.ts";
import { externalPostgresConfig } from "./external-postgres.ts";
import {
  clusterDatabaseUrl,
  createTenantDatabase,
  dropTenantDatabase,
  isolateTenantDatabase,
  tenantRoleName,
} from "./managed-roles.ts";
import { wireTypes } from "./sql-values.ts";
import { copyByTemplate } from "./template-branch.ts";

/**
 * How a branch was made: PGlite's files copied; PostgreSQL's cluster copying the source as a template
 * (it had no session); or, when it had one, pg_dump piped into pg_restore (the schema alone always so).
 */
export type BranchMethod = "files" | "template" | "dump";

/** What a user database's envelopes hold, opened only when a pool is made (not on every request). */
export interface DatabaseCredentials {
  /** External databases: the decrypted connection URL. */
  url?: string;
  /** Managed PostgreSQL databases: the password of the database's own role. */
  rolePassword?: string;
}

/** A user database as the connection manager needs it: a registry row, its envelopes opened on demand. */
export interface DatabaseRef {
  id: string;
  engine: "pglite" | "postgres";
  kind: "managed" | "external";
  location: string;
  credentials(): Promise<DatabaseCredentials>;
}

/**
 * How a client tool (pg_dump) reaches a database: libpq's connection keywords, and the password
 * apart (it goes in the tool's environment: a process's arguments are visible to every local user).
 */
export interface ToolConnection {
  params: Record<string, string>;
  password?: string;
}

/** An open user database. */
export interface DatabaseTarget {
  engine: "pglite" | "postgres";
  pool: pg.Pool;
  /** A session of the pool; use this rather than `pool.connect()` (see the PGlite restart). */
  connect(): Promise<pg.PoolClient>;
  /**
   * Stops the statement running on `client`: PostgreSQL cancels that backend from a second
   * connection; PGlite has one backend, so its worker thread is terminated (and restarted on next use).
   */
  interrupt(client: pg.PoolClient): Promise<void>;
  /**
   * PGlite ignores statement_timeout (no timer signals in WASM); the executor times each statement
   * by the session's setting itself.
   */
  honoursStatementTimeout: boolean;
}

interface Entry {
  target: DatabaseTarget;
  /** Resolves once the database can take connections (a PGlite process may be restarting). */
  ready?: () => Promise<void>;
  lastUsed: number;
  busy: number;
  close(): Promise<void>;
  /** Managed PGlite: the Unix socket of its thread, for a client tool. */
  socket?: { host: string; port: number; user: string; database: string };
  /** Managed PGlite: runs a copy of the cluster's files while no statement runs (PgliteHost.whileQuiet). */
  whileQuiet?<T>(copy: (clusterDir: string) => Promise<T>): Promise<T>;
}

const IDLE_CLOSE_MS = 5 * 60_000;
/** Debian's bundle of the system's trusted CAs (ca-certificates). */
const SYSTEM_CA_BUNDLE = "/etc/ssl/certs/ca-certificates.crt";
const SWEEP_MS = 30_000;
const POOL_MAX = 4;
const CONNECT_TIMEOUT_MS = 10_000;
/** How long a PGlite copy waits for the console's session to be free (see whileQuiet). */
const QUIET_SESSION_WAIT_MS = 2_000;
/** The folder of the copies SQL dumps read (snapshotPglite); what a stopped server left is removed at start. */
const DUMP_SNAPSHOTS = "dump-snapshots";

export interface ConnectionManagerOptions {
  dataDir: string;
  /** The control store's cluster; managed databases are created there when it is set. */
  databaseUrl?: string;
  logger: Logger;
  /** External databases connect only where this policy allows (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
}

/**
 * Opens user databases on demand, shares one small pool per database and closes databases nobody
 * used for IDLE_CLOSE_MS. Managed databases live under DATA_DIR/databases (PGlite) or on the
 * control store's PostgreSQL cluster.
 */
export class ConnectionManager {
  private readonly entries = new Map<string, Entry>();
  private readonly opening = new Map<string, Promise<Entry>>();
  /** Databases the console must not connect to for a while (a template copy of them is being made). */
  private readonly held = new Map<string, Promise<void>>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly spares: SparePool;

  constructor(private readonly options: ConnectionManagerOptions) {
    this.sweeper = setInterval(() => void this.closeIdle(IDLE_CLOSE_MS), SWEEP_MS);
    this.sweeper.unref();
    this.spares = new SparePool(options.dataDir, options.logger);
    // Copies of dumps a stopped server never finished: no dump is running yet.
    rmSync(join(options.dataDir, DUMP_SNAPSHOTS), { recursive: true, force: true });
  }

  get managedEngine(): "pglite" | "postgres" {
    return this.options.databaseUrl ? "postgres" : "pglite";
  }

  private pgliteDir(location: string) {
    return join(this.options.dataDir, "databases", location);
  }

  /** The cluster's administrator: DATABASE_URL, used for nothing a tenant's SQL runs in. */
  private get adminUrl(): string {
    return this.options.databaseUrl ?? "";
  }

  /** A managed PostgreSQL database, logged in as its own role (see managed-roles.ts). */
  private async tenantUrl(ref: DatabaseRef): Promise<string> {
    const { rolePassword } = await ref.credentials();
    if (!rolePassword) throw new Error(`managed database ${ref.id} has no role of its own yet`);
    return clusterDatabaseUrl(this.adminUrl, ref.location, {
      user: tenantRoleName(ref.location),
      password: rolePassword,
    });
  }

  /**
   * Creates the storage of a new managed database; answers its location and, on PostgreSQL, the
   * password of its role (the caller seals it).
   */
  async createManaged(id: string): Promise<{ location: string; rolePassword?: string }> {
    const location = `ud_${id.replaceAll("-", "")}`;
    if (this.managedEngine === "postgres") {
      return { location, rolePassword: await createTenantDatabase(this.adminUrl, location) };
    }
    await this.spares.create(this.pgliteDir(location));
    return { location };
  }

  /** Makes the spare clusters the next new databases take, soon after a (re)start. */
  prepareSpareSoon(): void {
    if (this.managedEngine === "pglite") this.spares.refillSoon();
  }

  /** Dropping reads no envelope: the cluster is dropped as its administrator, a PGlite folder removed. */
  async dropManaged(ref: Omit<DatabaseRef, "credentials">): Promise<void> {
    await this.release(ref.id);
    if (ref.kind !== "managed") return;
    if (ref.engine === "postgres") {
      await dropTenantDatabase(this.adminUrl, ref.location);
    } else {
      rmSync(this.pgliteDir(ref.location), { recursive: true, force: true });
    }
  }

  /** Connects once to an external URL, so a bad one is refused when registered rather than later. */
  async probe(url: string): Promise<void> {
    const config = await externalPostgresConfig(url, this.options.outbound);
    const client = new pg.Client({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
    } finally {
      // Clean-up of a probe connection: the probe's answer is already known.
      await client.end().catch(() => undefined);
    }
  }

  /**
   * Runs `use` with the open database; it counts as busy meanwhile so the idle sweep leaves it open.
   */
  async use<T>(ref: DatabaseRef, use: (target: DatabaseTarget) => Promise<T>): Promise<T> {
    const lease = await this.acquire(ref);
    try {
      return await use(lease.target);
    } finally {
      lease.release();
    }
  }

  /**
   * The open database for work that outlives one call (a streamed answer): busy, so the idle sweep
   * leaves it open, until `release`.
   */
  async acquire(ref: DatabaseRef): Promise<{ target: DatabaseTarget; release: () => void }> {
    const entry = await this.open(ref);
    entry.busy++;
    entry.lastUsed = Date.now();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      entry.busy--;
      entry.lastUsed = Date.now();
    };
    try {
      await entry.ready?.();
    } catch (error) {
      release();
      throw error;
    }
    return { target: entry.target, release };
  }

  private async open(ref: DatabaseRef): Promise<Entry> {
    for (let hold = this.held.get(ref.id); hold; hold = this.held.get(ref.id)) await hold;
    const existing = this.entries.get(ref.id);
    if (existing) return existing;
    let opening = this.opening.get(ref.id);
    if (!opening) {
      opening = (ref.engine === "pglite" && ref.kind === "managed" ? this.openPglite(ref) : this.openPostgres(ref))
        .then((entry) => {
          this.entries.set(ref.id, entry);
          return entry;
        })
        .finally(() => this.opening.delete(ref.id));
      this.opening.set(ref.id, opening);
    }
    return opening;
  }

  private newPool(config: pg.PoolConfig, max: number): pg.Pool {
    const pool = new pg.Pool({
      ...config,
      max,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      types: wireTypes,
      application_name: "appconsole",
    });
    pool.on("error", (err) => this.options.logger.debug({ err }, "idle user-database connection failed"));
    return pool;
  }

  private async openPostgres(ref: DatabaseRef): Promise<Entry> {
    // External: the address is checked (and pinned) once per pool; managed: the operator's own cluster.
    const config: pg.PoolConfig =
      ref.kind === "managed"
        ? { connectionString: await this.tenantUrl(ref) }
        : await externalPostgresConfig((await ref.credentials()).url ?? "", this.options.outbound);
    const pool = this.newPool(config, POOL_MAX);
    const target: DatabaseTarget = {
      engine: "postgres",
      pool,
      connect: () => pool.connect(),
      honoursStatementTimeout: true,
      async interrupt(client) {
        const pid = (client as unknown as { processID?: number }).processID; // set by pg from BackendKeyData
        if (pid) await pool.query("SELECT pg_cancel_backend($1)", [pid]);
      },
    };
    return { target, lastUsed: Date.now(), busy: 0, close: () => pool.end() };
  }

  private async openPglite(ref: DatabaseRef): Promise<Entry> {
    const host = new PgliteHost(this.pgliteDir(ref.location));
    await host.start();
    // One connection: PGlite runs one statement at a time anyway, and a single session keeps one
    // caller's transaction from interleaving with another's.
    let pool = this.newPool(host.connection, 1);
    // Settles when `pool` is replaced: a caller queued on the old pool's only session moves on at
    // once instead of waiting out the connect timeout (an ending pg pool leaves its queue waiting).
    let replaced = new Deferred();
    const target: DatabaseTarget = {
      engine: "pglite",
      get pool() {
        return pool;
      },
      honoursStatementTimeout: false,
      // A caller waiting for the single session while a statement is interrupted would otherwise be
      // handed a connection to the killed process: retry once on the pool of the restarted one.
      async connect() {
        for (let attempt = 0; ; attempt++) {
          const current = pool;
          const moved = replaced.promise;
          await host.start();
          const waiting = current.connect();
          let client: pg.PoolClient | null;
          try {
            client = await Promise.race([waiting, moved.then(() => null)]);
          } catch (error) {
            if (current === pool || attempt > 2) throw error;
            client = null;
          }
          if (client) return client;
          // The old pool may still hand out its session later: give it straight back.
          // A session that never comes needs no giving back.
          waiting.then((late) => late.release(true)).catch(() => undefined);
          if (attempt > 2) throw new Error("The database restarted while this connection waited; try again.");
        }
      },
      interrupt: async (client) => {
        // New sessions go to a new pool from now on; whoever waits on the old one retries there.
        const old = pool;
        pool = this.newPool(host.connection, 1);
        const wasReplaced = replaced;
        replaced = new Deferred();
        wasReplaced.resolve();
        await host.terminate();
        // A socket whose server died is not always closed on our side at once; close it, so the
        // statement waiting on it fails now instead of hanging.
        (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
        // Clean-up: the old pool's server was just terminated, so its sessions cannot end cleanly.
        void old.end().catch(() => undefined);
        // Restart in the background; the next use waits for it (Entry.ready).
        host.start().catch((err) => this.options.logger.warn({ err }, "restarting a PGlite database failed"));
      },
    };
    return {
      target,
      socket: host.connection,
      whileQuiet: (copy) => host.whileQuiet(copy),
      ready: () => host.start(),
      lastUsed: Date.now(),
      busy: 0,
      close: async () => {
        // Clean-up: closing the database below ends whatever sessions could not be ended here.
        await pool.end().catch(() => undefined);
        await host.close();
      },
    };
  }

  /**
   * Where pg_dump connects for `ref`, as the console's own pool does: a managed PostgreSQL database as
   * its own role, an external one at the address the outbound policy checked (the host name kept for
   * TLS), a managed PGlite database at its thread's socket (opened if need be; the caller holds a
   * lease so it stays open).
   */
  async toolConnection(ref: DatabaseRef): Promise<ToolConnection> {
    if (ref.engine === "pglite" && ref.kind === "managed") {
      const entry = await this.open(ref);
      await entry.ready?.();
      const socket = entry.socket ?? throwErr(`database ${ref.id} has no socket`);
      return {
        params: { host: socket.host, port: String(socket.port), user: socket.user, dbname: socket.database },
      };
    }
    if (ref.kind === "managed") {
      const url = new URL(await this.tenantUrl(ref));
      return {
        params: {
          host: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, ""),
          port: url.port || "5432",
          user: decodeURIComponent(url.username),
          dbname: decodeURIComponent(url.pathname.slice(1)),
        },
        password: decodeURIComponent(url.password),
      };
    }
    const config = await externalPostgresConfig((await ref.credentials()).url ?? "", this.options.outbound);
    const ssl = config.ssl;
    const servername = typeof ssl === "object" ? ssl.servername : undefined;
    const params: Record<string, string> = {
      // libpq connects to hostaddr (the checked address) and verifies TLS against host.
      host: servername ?? String(config.host),
      hostaddr: String(config.host),
      port: String(config.port ?? 5432),
      sslmode:
        ssl === false
          ? "disable"
          : typeof ssl === "object" && ssl.rejectUnauthorized === false
            ? "require"
            : "verify-full",
    };
    // Node verifies against the system's CAs; libpq 15 knows no sslrootcert=system, so it gets the bundle.
    if (params.sslmode === "verify-full" && existsSync(SYSTEM_CA_BUNDLE)) params.sslrootcert = SYSTEM_CA_BUNDLE;
    if (config.user) params.user = config.user;
    if (config.database) params.dbname = config.database;
    if (config.options) params.options = config.options;
    const password = typeof config.password === "function" ? await config.password() : config.password;
    return { params, ...(password ? { password } : {}) };
  }

  /**
   * A backup's copy of a managed PGlite database: `copy` gets the cluster folder while the database
   * runs no statement. A database nobody had open is closed again afterwards.
   */
  async whileQuiet<T>(ref: DatabaseRef, copy: (clusterDir: string) => Promise<T>): Promise<T> {
    const wasOpen = this.entries.has(ref.id);
    const lease = await this.acquire(ref);
    const entry = this.entries.get(ref.id);
    try {
      if (!entry?.whileQuiet) throw new Error(`database ${ref.id} is not a managed PGlite database`);
      // The console's one session there first, when it comes soon: a statement read through a
      // cursor keeps its portal open between batches, in a transaction PGlite does not count as one,
      // and the pause's CHECKPOINT would end it under the reader ("portal … does not exist"). A
      // session held longer (an open transaction, a long export) is not waited for: the copy is made
      // around it, as before (docs/operations.md).
      const session = await sessionWithin(lease.target, QUIET_SESSION_WAIT_MS);
      try {
        return await entry.whileQuiet(copy);
      } finally {
        session?.release();
      }
    } finally {
      lease.release();
      if (!wasOpen && entry && entry.busy === 0 && this.entries.get(ref.id) === entry) await this.release(ref.id);
    }
  }

  /**
   * A private copy of a managed PGlite database's files, for a SQL dump to read while the database
   * serves on: taken while the database runs no statement, after a checkpoint (whileQuiet), so it
   * holds every transaction committed before and nothing of one after, or of one still open (its
   * rows are rolled back when the copy opens, as after a crash). Under DATA_DIR/dump-snapshots, so a
   * reflink-capable file system shares the copy's blocks; `remove` deletes it.
   */
  async snapshotPglite(ref: DatabaseRef): Promise<{ dir: string; remove(): Promise<void> }> {
    const parent = join(this.options.dataDir, DUMP_SNAPSHOTS);
    await mkdir(parent, { recursive: true });
    const dir = join(parent, randomUUID());
    const remove = () => rm(dir, { recursive: true, force: true });
    try {
      await this.whileQuiet(ref, (sourceDir) => copyCluster(sourceDir, dir));
    } catch (error) {
      await remove();
      throw error;
    }
    return { dir, remove };
  }

  /**
   * Fills the new managed database `target` (just created, empty) from `source`. PGlite copies the
   * source's files while it runs no statement. PostgreSQL copies it with the cluster's own file copy
   * (`CREATE DATABASE … TEMPLATE`) when the source has no session but the console's idle ones, which
   * are closed for it, and new ones wait the copy out; otherwise, and for the schema alone, it dumps and
   * restores (the source keeps serving). Either way every object is then the target's role's.
   * Without `withData` the rows are left behind (PGlite: every table emptied in the copy, identities
   * restarted).
   */
  async branchInto(source: DatabaseRef, target: DatabaseRef, withData: boolean): Promise<BranchMethod> {
    if (this.managedEngine === "postgres" && withData && (await this.templateCopy(source, target))) {
      await this.isolate(target);
      return "template";
    }
    await this.fillManaged(target, {
      pglite: (dir) => this.whileQuiet(source, (sourceDir) => copyCluster(sourceDir, dir)),
      postgres: (targetUrl) => pgCopyDatabase(clusterDatabaseUrl(this.adminUrl, source.location), targetUrl, !withData),
    });
    if (this.managedEngine === "postgres") return "dump";
    // PGlite copies the whole cluster; PostgreSQL's copy took the schema only already.
    if (!withData) await this.use(target, (open) => emptyEveryTable(open.pool));
    return "files";
  }

  /**
   * The template copy of a managed PostgreSQL database, if it can be made now: not while the console
   * runs anything there (a statement, an export, a stream), and not while it is being opened. The
   * console's idle sessions are closed, and its new ones held until the copy is done.
   */
  private async templateCopy(source: DatabaseRef, target: DatabaseRef): Promise<boolean> {
    if (this.held.has(source.id) || this.opening.has(source.id) || (this.entries.get(source.id)?.busy ?? 0) > 0) {
      return false;
    }
    const done = new Deferred();
    this.held.set(source.id, done.promise);
    try {
      await this.release(source.id);
      return await copyByTemplate(this.adminUrl, source.location, target.location);
    } finally {
      this.held.delete(source.id);
      done.resolve();
    }
  }

  /** A managed PostgreSQL database filled by the administrator: its role made its only tenant again. */
  private async isolate(target: DatabaseRef): Promise<void> {
    await isolateTenantDatabase(
      this.adminUrl,
      target.location,
      (await target.credentials()).rolePassword ?? throwErr("a managed database without a role"),
    );
  }

  /**
   * Fills the new managed database `target` (just created, empty) from elsewhere, a backup:
   * PGlite: `fill.pglite(dir)` writes a whole cluster into the empty folder `dir`, which then
   * replaces the target's; PostgreSQL: `fill.postgres(url)` restores into the target as the
   * cluster's administrator, and every object is then handed to the target's role.
   */
  async fillManaged(
    target: DatabaseRef,
    fill: { pglite(dir: string): Promise<void>; postgres(adminUrl: string): Promise<void> },
  ): Promise<void> {
    if (this.managedEngine === "postgres") {
      await fill.postgres(clusterDatabaseUrl(this.adminUrl, target.location));
      await this.isolate(target);
      return;
    }
    await this.release(target.id);
    const into = this.pgliteDir(target.location);
    // Named as this process's own partial folder: the spare pool's tidying removes other `*.tmp`
    // folders under databases/ (left by a stopped process), and would remove one being filled.
    const filling = `${into}.fill.${process.pid}.tmp`;
    await rm(filling, { recursive: true, force: true });
    try {
      await fill.pglite(filling);
      await rm(into, { recursive: true, force: true });
      await rename(filling, into);
    } finally {
      await rm(filling, { recursive: true, force: true });
    }
  }

  /** Closes a database's connections now (after rename of storage, delete, or re-registration). */
  async release(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    await entry.close();
  }

  async closeIdle(idleMs: number): Promise<void> {
    const now = Date.now();
    for (const [id, entry] of this.entries) {
      if (entry.busy === 0 && now - entry.lastUsed >= idleMs) {
        this.entries.delete(id);
        await entry.close().catch((err) => this.options.logger.warn({ err, id }, "closing idle database failed"));
      }
    }
  }

  get openCount(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.spares.close();
    await Promise.allSettled([...this.opening.values()]);
    for (const id of [...this.entries.keys()]) await this.release(id);
  }
}

/**
 * A session of `target` if one is free within `ms`, else null; one that comes later is given back at
 * once, so nobody keeps it.
 */
async function sessionWithin(target: DatabaseTarget, ms: number): Promise<pg.PoolClient | null> {
  const waiting = target.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    const session = await Promise.race([waiting, late]);
    // A session that never comes needs no giving back.
    if (!session) waiting.then((client) => client.release()).catch(() => undefined);
    return session;
  } finally {
    clearTimeout(timer);
  }
}

/** A schema-only branch of a PGlite database: the copy's tables emptied in one statement. */
async function emptyEveryTable(pool: pg.Pool): Promise<void> {
  const tables = await pool.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`,
  );
  if (tables.rows.length === 0) return;
  await pool.query(`TRUNCATE ${tables.rows.map((t) => t.name).join(", ")} RESTART IDENTITY CASCADE`);
}

/** A promise with its resolve function at hand (Promise.withResolvers needs Node 22). */
class Deferred {
  resolve: () => void = () => undefined;
  readonly promise = new Promise<void>((resolve) => {
    this.resolve = resolve;
  });
}
