import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";

export type BusHandler = (payload: string) => void;

/**
 * Fan-out of small events between server instances. In PGlite mode there is one instance, so an
 * in-process emitter is enough; on PostgreSQL, LISTEN/NOTIFY carries events to every instance.
 */
export interface Bus {
  publish(channel: string, payload: string): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<() => void>;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_DELAY_MS = 1_000;

/** LISTEN needs a connection of its own that stays open; it is reopened if it drops. */
export function createPostgresBus(connectionString: string, pool: pg.Pool, logger: Logger): Bus {
  const local = createMemoryBus();
  const channels = new Set<string>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (msg) => {
      if (msg.payload !== undefined) void local.publish(msg.channel, msg.payload);
    });
    next.on("error", (err) => {
      logger.warn({ err }, "event bus connection lost; reconnecting");
      client = null;
      connecting = null;
      reconnect();
    });
    await next.connect();
    for (const channel of channels) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    return next;
  };
  const ensure = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    // A failed attempt is forgotten, so the next one connects anew instead of failing for good.
    connecting ??= connect().catch((err: unknown) => {
      connecting = null;
      throw err;
    });
    return connecting;
  };
  /** Until the server answers again: each failed attempt is logged and tried again. */
  const reconnect = () => {
    if (closed) return;
    setTimeout(
      () =>
        void ensure().catch((err: unknown) => {
          logger.warn({ err }, "event bus could not reconnect; trying again");
          reconnect();
        }),
      RECONNECT_DELAY_MS,
    );
  };

  return {
    async publish(channel, payload) {
      await pool.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async subscribe(channel, handler) {
      const unsubscribe = await local.subscribe(channel, handler);
      if (!channels.has(channel)) {
        channels.add(channel);
        const listener = await ensure();
        await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      }
      return unsubscribe;
    },
    async close() {
      closed = true;
      await local.close();
      // Clean-up at shutdown: a connection that already broke has nothing left to close.
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
