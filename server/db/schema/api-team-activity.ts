import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What happened to a team itself: role changes, ownership transfers, invitation roles, resources
 * moved in or out. The app history (app_audit_events) keeps what happened inside an app; this keeps
 * what has no app to hang on. The actor's e-mail and the names involved are copied at the time, so a
 * row still reads after the member has left or the resource was renamed. Never a value.
 */
export const teamActivityEventsTable = pgTable(
  "team_activity_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    teamId: text("team_id").notNull(),
    actorId: text("actor_id").notNull(),
    actorLabel: text("actor_label"),
    /** The operator who acted through an impersonation session of the actor's, when one did. */
    impersonatorId: text("impersonator_id"),
    impersonatorLabel: text("impersonator_label"),
    action: text("action").notNull(),
    /** The member's or invitee's e-mail, or the moved resource's name. */
    subject: text("subject"),
    /** What the event is about: the team itself, or the app or database moved. */
    resourceType: text("resource_type", { enum: ["team", "app", "database"] }).notNull(),
    resourceId: text("resource_id").notNull(),
    resourceName: text("resource_name"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("team_activity_events_team_idx").on(t.teamId, t.id)],
);
