import { parse } from "@marcbachmann/cel-js";
import { KnownErrors } from "../errors/known-errors.ts";
import type { ProjectConfig, SignUpRule } from "../stores/projects.ts";

/** How a new account is being made; `authMethod` in a rule's condition. */
export type SignUpMethod = "password" | "otp" | "oauth" | "passkey";

/** What a rule's CEL condition sees (Stack's names, so rules move between the two unchanged). */
export interface SignUpContext {
  email: string;
  emailDomain: string;
  /** From the proxy's country header (AUTH_COUNTRY_HEADER, request-country.ts); empty when unknown. */
  countryCode: string;
  authMethod: SignUpMethod;
  oauthProvider: string;
  riskScores: { bot: number; free_trial_abuse: number };
}

export type RuleStatus = "matched" | "not_matched" | "disabled" | "missing_condition" | "error";

export interface RuleEvaluation {
  ruleId: string;
  rule: SignUpRule;
  status: RuleStatus;
  error?: string;
}

export interface SignUpDecision {
  allowed: boolean;
  decision: "allow" | "reject" | "default-allow" | "default-reject";
  decisionRuleId: string | null;
  /** The first (highest) matching restrict rule: the account is made, restricted. */
  restrictedBy: string | null;
  evaluations: RuleEvaluation[];
}

export function signUpContext(input: {
  email: string | null;
  authMethod: SignUpMethod;
  oauthProvider?: string | null;
  countryCode?: string | null;
}): SignUpContext {
  const email = input.email?.trim().toLowerCase() ?? "";
  return {
    email,
    emailDomain: email.includes("@") ? (email.split("@").pop() ?? "") : "",
    countryCode: input.countryCode ?? "",
    authMethod: input.authMethod,
    oauthProvider: input.oauthProvider ?? "",
    riskScores: { bot: 0, free_trial_abuse: 0 },
  };
}

const compiled = new Map<string, ReturnType<typeof parse>>();

/** Parsed once per distinct condition; a condition is the admin's text, the values are the caller's. */
function conditionOf(expression: string): ReturnType<typeof parse> {
  let program = compiled.get(expression);
  if (!program) {
    program = parse(expression);
    if (compiled.size > 1000) compiled.clear();
    compiled.set(expression, program);
  }
  return program;
}

function matches(expression: string, context: SignUpContext): boolean {
  const result = conditionOf(expression)({ ...context });
  if (typeof result !== "boolean") throw new Error(`the condition gave ${typeof result}, not a boolean`);
  return result;
}

/**
 * Runs the project's sign-up rules: enabled rules by priority (higher first), equal priorities by
 * id. `log` and `restrict` go on to the next rule (the first restrict is remembered); `allow` and
 * `reject` decide; with no decision the default action does. A condition that fails to evaluate
 * counts as not matching (and is reported in the evaluations).
 */
export function evaluateSignUpRules(config: ProjectConfig, context: SignUpContext): SignUpDecision {
  const rules = Object.entries(config.sign_up_rules).sort(([idA, a], [idB, b]) =>
    b.priority !== a.priority ? b.priority - a.priority : idA < idB ? -1 : idA > idB ? 1 : 0,
  );
  const evaluations: RuleEvaluation[] = [];
  let restrictedBy: string | null = null;
  for (const [ruleId, rule] of rules) {
    if (!rule.enabled) {
      evaluations.push({ ruleId, rule, status: "disabled" });
      continue;
    }
    if (!rule.condition.trim()) {
      evaluations.push({ ruleId, rule, status: "missing_condition" });
      continue;
    }
    let matched = false;
    try {
      matched = matches(rule.condition, context);
      evaluations.push({ ruleId, rule, status: matched ? "matched" : "not_matched" });
    } catch (error) {
      evaluations.push({
        ruleId,
        rule,
        status: "error",
        error: error instanceof Error ? error.message : String(error),
      });
    }
    if (!matched) continue;
    const type = rule.action.type;
    if (type === "restrict") restrictedBy ??= ruleId;
    if (type === "allow" || type === "reject") {
      return { allowed: type === "allow", decision: type, decisionRuleId: ruleId, restrictedBy, evaluations };
    }
  }
  const allowed = config.sign_up_rules_default_action !== "reject";
  return {
    allowed,
    decision: allowed ? "default-allow" : "default-reject",
    decisionRuleId: null,
    restrictedBy,
    evaluations,
  };
}

/**
 * What a sign-up must carry after the rules ran: the country it came from, if known, and the
 * restriction a `restrict` rule asked for (named in the private details, which only server access
 * reads). Throws SIGN_UP_REJECTED, which never says which rule refused.
 */
export function checkSignUp(
  config: ProjectConfig,
  context: SignUpContext,
  existingPrivateDetails?: string | null,
): { countryCode?: string; restrictedByAdmin?: true; restrictedByAdminPrivateDetails?: string } {
  const decision = evaluateSignUpRules(config, context);
  if (!decision.allowed) throw KnownErrors.signUpRejected();
  const country = context.countryCode ? { countryCode: context.countryCode } : {};
  if (!decision.restrictedBy) return country;
  const name = config.sign_up_rules[decision.restrictedBy]?.display_name;
  const details = `Restricted by sign-up rule: ${decision.restrictedBy}${name ? ` (${name})` : ""}`;
  return {
    ...country,
    restrictedByAdmin: true,
    restrictedByAdminPrivateDetails: existingPrivateDetails ? `${existingPrivateDetails}\n\n${details}` : details,
  };
}
