import { type UserNotifyMessage, userNotifyMessageSchema } from "../../../contract/ws.ts";
import type { Bus } from "../../../db/bus.ts";
import type { Logger } from "../../../lib/logger.ts";

const CHANNEL = "api_user_events";

type Listener = (message: UserNotifyMessage) => void;

/**
 * Per-user live events. Every instance subscribes once to one bus channel (LISTEN/NOTIFY on
 * PostgreSQL) and hands each event to the sockets of that user it holds, so a change made through
 * one instance reaches sockets on all of them. Secret values never travel here.
 */
export class UserEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly observers = new Set<(userId: string, message: UserNotifyMessage) => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(CHANNEL, (payload) => {
      try {
        const { userId, message } = JSON.parse(payload) as { userId: string; message: unknown };
        const parsed = userNotifyMessageSchema.parse(message);
        for (const observer of this.observers) observer(userId, parsed);
        for (const listener of this.listeners.get(userId) ?? []) listener(parsed);
      } catch (err) {
        this.logger.warn({ err }, "dropped a malformed user event");
      }
    });
  }

  async publish(userId: string, message: UserNotifyMessage): Promise<void> {
    await this.bus.publish(CHANNEL, JSON.stringify({ userId, message })).catch((err) => {
      // A lost live event only delays what the client sees; the change itself is stored.
      this.logger.warn({ err }, "could not publish a user event");
    });
  }

  /** Sees every user's events arriving at this instance (cache invalidation). */
  observe(observer: (userId: string, message: UserNotifyMessage) => void): void {
    this.observers.add(observer);
  }

  listen(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  close(): void {
    this.unsubscribe?.();
    this.listeners.clear();
  }
}
