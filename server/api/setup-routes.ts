import { Hono } from "hono";
import { type SetupCheckResult, type SetupResult, setupCheckSchema, setupSchema } from "../contract/setup.ts";
import { isHttpError } from "../lib/errors.ts";
import { readFirstOperator } from "../lib/operators.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readJson } from "./lib/core/read-input.ts";

const invalidLink = () =>
  apiError("SETUP_LINK_INVALID", "This setup link is not valid: it expired, was used already, or was replaced.");

/**
 * The first operator's account through the link the server printed at its first start: no
 * session, the link's token is the credential (rate limited; failures count per address).
 */
export function setupRoutes(deps: ApiDeps) {
  const links = deps.setupLinks;
  return new Hono<ApiEnv>()
    .post("/check", async (c) => {
      const { token } = await readJson(c, setupCheckSchema);
      const link = await deps.limits.setupToken(c, async () => {
        const found = await links.find(token);
        if (!found) throw invalidLink();
        return found;
      });
      return c.json(ok<SetupCheckResult>({ valid: true, expiresAt: link.expiresAt }));
    })
    .post("/", async (c) => {
      const input = await readJson(c, setupSchema);
      await deps.limits.setupToken(c, async () => {
        if ((await readFirstOperator(deps.store.db)) || !(await links.consume(input.token))) throw invalidLink();
      });
      let user: { id: string };
      try {
        user = await deps.stackApi.createVerifiedUser(input);
      } catch (error) {
        // The link stays good for another try: nothing was made.
        await links.release(input.token);
        if (isHttpError(error) && error.details?.authErrorCode === "USER_EMAIL_ALREADY_EXISTS") {
          throw apiError("SETUP_EMAIL_TAKEN", "An account with this e-mail address exists already.");
        }
        throw error;
      }
      const email = input.email.trim().toLowerCase();
      await links.recordOperator({ userId: user.id, email });
      deps.logger.info({ userId: user.id }, "first operator created through the setup link");
      return c.json(ok<SetupResult>({ userId: user.id, email }));
    });
}
