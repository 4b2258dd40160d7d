import type { AppEnv } from "../../../http/env.ts";

/** The signed-in user the app API acts for, from a verified access token. */
export interface ApiUser {
  id: string;
  email: string | null;
  /** Seconds since the epoch; the live socket closes when it passes. */
  expiresAt: number;
  /** The auth service's session the token belongs to (its `refresh_token_id`). */
  sessionId?: string;
  /** The operator acting through this session, when it is an impersonation the admin area started. */
  impersonator?: { id: string; label: string | null } | null;
}

export type ApiEnv = { Variables: AppEnv["Variables"] & { user: ApiUser } };
