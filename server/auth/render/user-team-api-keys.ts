import type { ApiKeyRow } from "../stores/user-team-api-keys.ts";

/** The wire shape; `value` is the whole key only in the answer that created it. */
export function renderApiKey(row: ApiKeyRow, fullValue?: string) {
  const out: Record<string, unknown> = {
    id: row.id,
    description: row.description,
    is_public: row.isPublic,
    created_at_millis: row.createdAt.getTime(),
    value: fullValue ?? { last_four: row.lastFour },
  };
  if (row.expiresAt) out.expires_at_millis = row.expiresAt.getTime();
  if (row.revokedAt) out.manually_revoked_at_millis = row.revokedAt.getTime();
  return row.userId ? { ...out, type: "user", user_id: row.userId } : { ...out, type: "team", team_id: row.teamId };
}
