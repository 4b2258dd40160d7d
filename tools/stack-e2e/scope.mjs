// What counts as out of scope (bucket c): Stack services or Stack-cloud features the service under
// test does not have. Whole files by path, and single failures by what they hit (stack frames of
// Stack's helpers, URLs in the diff). Paths are relative to apps/e2e/tests/backend/.

// The e-mail themes API (email-themes.test.ts) is in scope since issue 37: its failures are the
// deliberate differences of docs/stack-compat.md (sources stored, not rendered). So are, since
// then, the OAuth flows against Stack's mock OAuth server (run.sh starts it; connected-accounts and
// every test that signs in through it) and the branch / config-override tests (one branch per
// project here, answered as Stack answers for one).
export const OUT_OF_SCOPE_FILES = [
  [/^endpoints\/api\/v1\/analytics-/, "ClickHouse analytics"],
  [/^endpoints\/api\/v1\/internal-metrics\.test/, "ClickHouse analytics (metrics)"],
  [/^endpoints\/api\/v1\/token-refresh-events\.test/, "ClickHouse analytics (events)"],
  [/^endpoints\/api\/v1\/session-replays\.test/, "session replays (ClickHouse/blob store)"],
  [/^endpoints\/api\/v1\/internal\/sign-up-rules-stats\.test/, "ClickHouse analytics (rule stats)"],
  [/^endpoints\/api\/v1\/ai-query\.test/, "AI"],
  [/^endpoints\/api\/v1\/internal\/wysiwyg-edit\.test/, "AI"],
  [/^endpoints\/api\/v1\/emails\/rewrite-template-source\.test/, "AI / Stack email renderer"],
  [/^endpoints\/api\/v1\/payments\//, "Stripe/payments"],
  [/^endpoints\/api\/v1\/internal\/payments\//, "Stripe/payments"],
  [/^endpoints\/api\/v1\/internal\/transactions/, "Stripe/payments"],
  [/^endpoints\/api\/v1\/stripe-webhooks\.test/, "Stripe/payments"],
  [/^endpoints\/api\/v1\/emails\//, "Stack email renderer/queue (TSX templates, outbox API)"],
  [/^endpoints\/api\/v1\/render-email\.test/, "Stack email renderer"],
  [/^endpoints\/api\/v1\/send-email\.test/, "Stack email renderer (send-email with TSX)"],
  [/^endpoints\/api\/v1\/unsubscribe-link\.test/, "Stack email renderer (notification categories)"],
  [/^endpoints\/api\/v1\/notification-preferences\.test/, "Stack email renderer (notification categories)"],
  [/^endpoints\/api\/v1\/internal\/email-drafts\.test/, "Stack email renderer (drafts)"],
  [/^endpoints\/api\/v1\/internal\/email-templates-create\.test/, "Stack email renderer (TSX templates)"],
  [/^endpoints\/api\/v1\/internal\/email-templates\.test/, "Stack email renderer (TSX templates)"],
  [/^endpoints\/api\/v1\/internal\/email-queue-step\.test/, "Stack email queue (cron step)"],
  [/^endpoints\/api\/v1\/internal\/failed-emails-digest\.test/, "Stack email queue (digest cron)"],
  [/^endpoints\/api\/v1\/internal\/managed-email-onboarding\.test/, "managed e-mail domains (Resend)"],
  [/^endpoints\/health\/email-monitor\.test/, "Stack email monitor"],
  [/^endpoints\/api\/v1\/integrations\/neon\//, "Neon integration"],
  [/^endpoints\/api\/v1\/integrations\/custom\//, "custom integrations (OIDC IdP, provisioning)"],
  [/^endpoints\/api\/v1\/external-db-sync/, "external DB sync (Stack's sync engine + Postgres)"],
  [/^endpoints\/api\/v1\/internal\/config-local-emulator\.test/, "Stack local emulator"],
  [/^endpoints\/api\/v1\/internal\/local-emulator-project\.test/, "Stack local emulator"],
  [/^endpoints\/api\/migration-tests\.test/, "direct access to Stack's own Postgres"],
  [/^performance\//, "direct access to Stack's own Postgres (perf seed)"],
];

/** Reasons a single failure is out of scope, checked against its message, diff and stack. */
export const OUT_OF_SCOPE_FAILURES = [
  [/createProjectWithEndpoint|listWebhookAttempts|findWebhookAttempt|svix/i, "Svix"],
  [/Payments\.|\/payments\/|createPurchaseUrl|stripe|dashboard_admins|item_quantity/i, "Stripe/payments"],
  [/clickhouse|\/analytics\/|session-replays/i, "ClickHouse analytics"],
  [
    /\/emails\/send-email|\/emails\/render-email|\/emails\/outbox|\/internal\/email-drafts|getOutboxEmails|waitForOutboxEmailWithStatus/,
    "Stack email renderer/queue",
  ],
  [/openrouter|\/ai\//i, "AI"],
  // Stack's backend in development/test mode answers every WebAuthn ceremony with the fixed challenge
  // "TU9DSw" ("MOCK") so that the recorded credential in backend-helpers.ts verifies; a real server
  // (ours) draws a random one, so those recorded ceremonies cannot pass anywhere else
  [/"challenge": "TU9DSw"/, "Stack dev-mode fixed WebAuthn challenge"],
  [/\/integrations\/(neon|custom)\//, "Neon/custom integrations"],
];

export function fileScope(file) {
  for (const [re, reason] of OUT_OF_SCOPE_FILES) if (re.test(file)) return reason;
  return null;
}

export function failureScope(text) {
  for (const [re, reason] of OUT_OF_SCOPE_FAILURES) if (re.test(text)) return reason;
  return null;
}
