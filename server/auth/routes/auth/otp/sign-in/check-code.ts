import { z } from "zod";
import { projectAuth } from "../../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../../auth-env.ts";
import { LIMITS } from "../../../../policy/rate-limit.ts";
import { readBody } from "../../../../wire/headers.ts";
import { codeSchema } from "../../../../wire/schemas.ts";

const body = z.strictObject({ code: codeSchema });

export function registerOtpCheckCode(app: AuthApp, deps: AuthDeps): void {
  app.post("/auth/otp/sign-in/check-code", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    await deps.limits.perIp(c, "code-check", LIMITS.codeCheckPerIp);
    await deps.codes.check(c.get("auth").project.id, "otp_sign_in", input.code);
    return c.json({ is_code_valid: true });
  });
}
