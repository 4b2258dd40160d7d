import type { InstanceAuditAction } from "../../../contract/instance-audit.ts";

export interface AdminCallEvent {
  action: InstanceAuditAction;
  subject: string | null;
  detail: Record<string, unknown>;
}

/** The names of a JSON body's fields (two levels: `config.sign_up_enabled`), never their values. */
export function fieldNames(body: unknown, depth = 2, prefix = ""): string[] {
  if (!body || typeof body !== "object" || Array.isArray(body)) return [];
  return Object.entries(body).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const inner = depth > 1 ? fieldNames(value, depth - 1, name) : [];
    return inner.length > 0 ? inner : [name];
  });
}

const ROLE_GRANTS = /^\/(team-permissions\/[^/]+\/[^/]+|project-permissions\/[^/]+)\/[^/]+$/;

/** The family of an admin-API path, by its first segments, with the id it is about. */
function classify(path: string): { action: InstanceAuditAction; subject: string | null } {
  const parts = path.split("/").slice(1).map(decodeURIComponent);
  const [first = "", second = null] = parts;
  if (first === "users") return { action: "user.updated", subject: second };
  if (first === "auth" && second === "sessions") return { action: "session.revoked", subject: parts[2] ?? null };
  if (ROLE_GRANTS.test(path)) return { action: "role.granted", subject: parts.slice(1).join("/") };
  if (first.endsWith("-permission-definitions")) return { action: "role.definition_changed", subject: second };
  if (first === "teams" || first === "team-memberships")
    return { action: "team.changed", subject: parts.slice(1).join("/") || null };
  if (first === "internal" && second === "projects") return { action: "settings.changed", subject: "project" };
  if (first === "internal" && second === "api-keys") return { action: "api_key.changed", subject: parts[2] ?? null };
  if (first === "email-templates") return { action: "email_template.changed", subject: second };
  if (first === "internal" && second === "webhooks")
    return { action: "webhook.changed", subject: parts.at(-1) ?? null };
  return { action: "admin.changed", subject: null };
}

/**
 * What a successful state-changing call of the admin area means for the instance audit log: its
 * action, what it is about, and the names of the fields it set (a restriction's on/off aside, no
 * value: metadata, settings and keys can carry secrets).
 */
export function adminCallEvents(method: string, path: string, body: unknown): AdminCallEvent[] {
  const { action, subject } = classify(path);
  const fields = fieldNames(body);
  const detail = { method, path, ...(fields.length > 0 ? { fields } : {}) };
  const record = (a: InstanceAuditAction, extra: Record<string, unknown> = {}) => ({
    action: a,
    subject,
    detail: { ...detail, ...extra },
  });
  if (action === "user.updated") {
    if (method === "POST" && path === "/users") return [record("user.created")];
    if (method === "DELETE") return [record("user.deleted")];
    const restricted = (body as { restricted_by_admin?: unknown } | null)?.restricted_by_admin;
    const events: AdminCallEvent[] = [];
    if (restricted === true) events.push(record("user.restricted"));
    if (restricted === false) events.push(record("user.unrestricted"));
    if (fields.some((f) => !f.startsWith("restricted_by_admin"))) events.push(record("user.updated"));
    return events.length > 0 ? events : [record("user.updated")];
  }
  if (action === "session.revoked" && method === "POST") {
    const impersonation = (body as { is_impersonation?: unknown } | null)?.is_impersonation === true;
    const userId = (body as { user_id?: unknown } | null)?.user_id;
    return [
      {
        action: impersonation ? "impersonation.started" : "session.created",
        subject: typeof userId === "string" ? userId : null,
        detail,
      },
    ];
  }
  if (action === "role.granted" && method === "DELETE") return [record("role.revoked")];
  return [record(action)];
}
