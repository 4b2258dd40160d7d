import { and, eq, gt, lt } from "drizzle-orm";
import { authOauthStatesTable } from "../../db/schema/index.ts";
import type { Store } from "../../db/store.ts";
import { randomToken } from "../crypto/secrets.ts";
import type { OAuthFlowState } from "./provider.ts";

/** The outer OAuth flow lives 10 minutes, as Stack's does. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

/** Pending social sign-ins, keyed by the state we send to the provider; each is used once. */
export class FlowStateStore {
  constructor(private store: Store) {}

  async create(flow: OAuthFlowState): Promise<string> {
    const state = randomToken(45);
    await this.store.db
      .insert(authOauthStatesTable)
      .values({ state, data: flow, expiresAt: new Date(Date.now() + FLOW_LIFETIME_MS) });
    // Expired flows are dropped lazily here rather than by a timer.
    await this.store.db.delete(authOauthStatesTable).where(lt(authOauthStatesTable.expiresAt, new Date()));
    return state;
  }

  async peek(state: string): Promise<OAuthFlowState | null> {
    const [row] = await this.store.db
      .select()
      .from(authOauthStatesTable)
      .where(and(eq(authOauthStatesTable.state, state), gt(authOauthStatesTable.expiresAt, new Date())));
    return row ? (row.data as OAuthFlowState) : null;
  }

  async update(state: string, flow: OAuthFlowState): Promise<void> {
    await this.store.db.update(authOauthStatesTable).set({ data: flow }).where(eq(authOauthStatesTable.state, state));
  }

  /** Removes the flow and returns it if it had not expired. */
  async take(state: string): Promise<OAuthFlowState | null> {
    const [row] = await this.store.db
      .delete(authOauthStatesTable)
      .where(eq(authOauthStatesTable.state, state))
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    return row.data as OAuthFlowState;
  }
}
