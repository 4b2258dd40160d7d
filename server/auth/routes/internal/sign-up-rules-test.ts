import { z } from "zod";
import { projectAuth } from "../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../auth-env.ts";
import { requestCountry } from "../../policy/request-country.ts";
import { evaluateSignUpRules, signUpContext } from "../../policy/sign-up-rules.ts";
import { readBody } from "../../wire/headers.ts";

const score = z.number().int().min(0).max(100);
const body = z
  .object({
    email: z.string().max(320).nullable(),
    auth_method: z.enum(["password", "otp", "oauth", "passkey"]),
    oauth_provider: z.string().max(100).nullable(),
    country_code: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .nullable(),
    turnstile_result: z.enum(["ok", "invalid", "error"]).optional(),
    risk_scores: z.object({ bot: score, free_trial_abuse: score }).strict().optional(),
  })
  .strict();

/** POST /internal/sign-up-rules-test (admin): how the project's rules would decide a sign-up, rule by rule. */
export function registerSignUpRulesTest(app: AuthApp, deps: AuthDeps): void {
  app.post("/internal/sign-up-rules-test", projectAuth(deps, ["admin"]), async (c) => {
    const input = await readBody(c, body);
    const context = {
      ...signUpContext({ email: input.email, authMethod: input.auth_method, oauthProvider: input.oauth_provider }),
      // Left out: the country of this request, as a sign-up from here would have it.
      countryCode: input.country_code?.toUpperCase() ?? requestCountry(c, deps.config) ?? "",
      riskScores: input.risk_scores ?? { bot: 0, free_trial_abuse: 0 },
    };
    const decision = evaluateSignUpRules(c.get("auth").project.config, context);
    return c.json({
      context: {
        email: context.email,
        email_domain: context.emailDomain,
        country_code: context.countryCode,
        auth_method: context.authMethod,
        oauth_provider: context.oauthProvider,
        turnstile_result: input.turnstile_result ?? "invalid",
        risk_scores: context.riskScores,
      },
      evaluations: decision.evaluations.map((e) => ({
        rule_id: e.ruleId,
        display_name: e.rule.display_name,
        enabled: e.rule.enabled,
        condition: e.rule.condition,
        status: e.status,
        action: e.rule.action,
        ...(e.error ? { error: e.error } : {}),
      })),
      outcome: {
        should_allow: decision.allowed,
        decision: decision.decision,
        decision_rule_id: decision.decisionRuleId,
        restricted_because_of_rule_id: decision.restrictedBy,
      },
    });
  });
}
