import { z } from "zod";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { KnownErrors } from "../../../errors/known-errors.ts";
import { LIMITS } from "../../../policy/rate-limit.ts";
import { readBody } from "../../../wire/headers.ts";
import { codeSchema } from "../../../wire/schemas.ts";

const body = z.strictObject({ code: codeSchema });

/** The SDK calls this without session tokens: the code alone proves the address. */
export function registerVerify(app: AuthApp, deps: AuthDeps): void {
  app.post("/contact-channels/verify", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project } = c.get("auth");
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    const row = await deps.codes.redeem(project.id, "email_verification", input.code);
    const data = row.data as { channel_id?: string | null; email?: string };
    const verified =
      data.channel_id && data.email ? await deps.channels.markVerified(project.id, data.channel_id, data.email) : false;
    if (!verified) throw KnownErrors.verificationCodeNotFound();
    if (row.userId) await deps.users.changed(row.userId);
    return c.json({ success: true });
  });

  app.post("/contact-channels/verify/check-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    await deps.codes.check(c.get("auth").project.id, "email_verification", input.code);
    return c.json({ is_code_valid: true });
  });
}
