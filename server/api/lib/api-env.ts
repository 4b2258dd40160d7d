import type { AppEnv } from "../../http/env.ts";

/** The signed-in user the app API acts for, from a verified access token. */
export interface ApiUser {
  id: string;
  email: string | null;
  /** Seconds since the epoch; the live socket closes when it passes. */
  expiresAt: number;
}

export type ApiEnv = { Variables: AppEnv["Variables"] & { user: ApiUser } };
