import { z } from "zod";
import { authAnalyticsEventsTable } from "../../../../db/schema/index.ts";
import { projectAuth } from "../../../access/project-auth.ts";
import type { AuthApp, AuthDeps } from "../../../auth-env.ts";
import { readBody } from "../../../wire/headers.ts";
import { epochMillisSchema } from "../../../wire/schemas.ts";

const MAX_EVENTS = 500;
const MAX_DATA_CHARS = 2_000;

const body = z.looseObject({
  session_replay_segment_id: z.string().max(100).optional(),
  batch_id: z.string().max(100).optional(),
  sent_at_ms: z.number().optional(),
  events: z
    .array(
      z.looseObject({
        event_type: z.string().min(1).max(100),
        event_at_ms: epochMillisSchema,
        data: z.unknown().optional(),
      }),
    )
    .max(MAX_EVENTS),
});

/**
 * Page views and clicks the browser SDK reports on its own. With ANALYTICS_EVENTS=store they are
 * kept one row each (type, time, user, data capped in size); with "drop" they are accepted and
 * discarded, so the SDK never logs failures.
 */
export function registerAnalyticsEvents(app: AuthApp, deps: AuthDeps): void {
  app.post("/analytics/events/batch", projectAuth(deps), async (c) => {
    const input = await readBody(c, body);
    const { project, user } = c.get("auth");
    if (deps.config.ANALYTICS_EVENTS === "drop" || input.events.length === 0) {
      return c.json({ inserted: 0 });
    }
    await deps.ctx.store.db.insert(authAnalyticsEventsTable).values(
      input.events.map((event) => {
        const data = event.data === undefined ? null : JSON.stringify(event.data);
        return {
          projectId: project.id,
          userId: user?.id ?? null,
          eventType: event.event_type,
          eventAt: new Date(event.event_at_ms),
          data: data && data.length <= MAX_DATA_CHARS ? event.data : null,
        };
      }),
    );
    return c.json({ inserted: input.events.length });
  });
}
