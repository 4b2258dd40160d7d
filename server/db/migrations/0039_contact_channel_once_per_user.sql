-- Before this index, two identical adds at the same moment could both be stored. One row of each
-- such group stays: the primary one, else the one used for sign-in, else a verified one, else the
-- oldest; it keeps "verified" if any of the group was.
WITH ranked AS (
  SELECT id, user_id, type, value,
    row_number() OVER (PARTITION BY user_id, type, value
      ORDER BY is_primary DESC, used_for_auth DESC, is_verified DESC, created_at, id) AS rank,
    bool_or(is_verified) OVER (PARTITION BY user_id, type, value) AS any_verified
  FROM "auth_contact_channels"
)
UPDATE "auth_contact_channels" c SET is_verified = true
  FROM ranked r WHERE c.id = r.id AND r.rank = 1 AND r.any_verified AND NOT c.is_verified;
--> statement-breakpoint
DELETE FROM "auth_contact_channels" c USING (
  SELECT id, row_number() OVER (PARTITION BY user_id, type, value
    ORDER BY is_primary DESC, used_for_auth DESC, is_verified DESC, created_at, id) AS rank
  FROM "auth_contact_channels"
) r WHERE c.id = r.id AND r.rank > 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "auth_contact_channels_user_value_uq" ON "auth_contact_channels" USING btree ("user_id","type","value");
