import type { Logger } from "../lib/logger.ts";

/**
 * How a mounted API shapes its errors: the auth service speaks Stack's `{code, error, details}`
 * envelope, the app API answers `[null, {code, message}]` pairs.
 */
export type ErrorFormat = "stack" | "pair";

export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    errorFormat: ErrorFormat;
  };
};
