import { stringify } from "csv-stringify/sync";
import { Hono } from "hono";
import { z } from "zod";
import {
  TEAM_ACTIVITY_EXPORT_MAX,
  type TeamActivityEntry,
  teamActivityFilterSchema,
  teamActivityQuerySchema,
} from "../contract/team-activity.ts";
import { requireTeamRole } from "./lib/access/resource-access.ts";
import type { ApiDeps } from "./lib/api-deps.ts";
import type { ApiEnv } from "./lib/core/api-env.ts";
import { apiError } from "./lib/core/api-error.ts";
import { ok } from "./lib/core/pair.ts";
import { readQuery } from "./lib/core/read-input.ts";
import { eachTeamActivityEntry, listTeamActivity } from "./lib/history/team-log.ts";

const CSV_HEADER = ["time", "actor", "actor_email", "action", "subject", "detail"];

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is kept as text. */
function cell(text: string | null | undefined): string {
  if (!text) return "";
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Who, as the view names them: a member's e-mail, a service token's name, an operator acting as a member. */
function actorName(entry: TeamActivityEntry): string {
  const { actor } = entry;
  const name = actor.label ?? actor.id;
  if (actor.kind === "token") return `service token ${name}`;
  if (actor.impersonator) return `${actor.impersonator.label ?? actor.impersonator.id} (operator) as ${name}`;
  return name;
}

function csvRow(entry: TeamActivityEntry): string[] {
  const detail = { [entry.resource.type]: entry.resource.name ?? entry.resource.id, ...(entry.detail ?? {}) };
  return [
    entry.createdAt,
    cell(actorName(entry)),
    entry.actor.kind === "user" ? cell(entry.actor.label) : "",
    entry.action,
    cell(entry.subject ?? entry.resource.name),
    cell(JSON.stringify(detail)),
  ];
}

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Members of the team only; anyone else, and a malformed or unknown team, gets NOT_A_TEAM_MEMBER. */
async function readableTeam(deps: ApiDeps, teamId: string, userId: string): Promise<string> {
  if (!isUuid(teamId)) throw apiError("NOT_A_TEAM_MEMBER", "You are not a member of this team.");
  await requireTeamRole(deps, teamId, userId, "viewer");
  return teamId;
}

/**
 * GET /teams/{teamId}/activity?actor=&action=&before=&limit=: the history of every app the team
 * owns and the team's own events (roles, transfers, invitations, moves), newest first.
 * GET /teams/{teamId}/activity.csv?actor=&action=: the same filtered entries as CSV, streamed.
 */
export function teamActivityRoutes(deps: ApiDeps) {
  return new Hono<ApiEnv>()
    .get("/:teamId/activity", async (c) => {
      const query = readQuery(c, teamActivityQuerySchema);
      const teamId = await readableTeam(deps, c.req.param("teamId"), c.var.user.id);
      return c.json(ok(await listTeamActivity(deps.store, teamId, query)));
    })
    .get("/:teamId/activity.csv", async (c) => {
      const filter = readQuery(c, teamActivityFilterSchema);
      const teamId = await readableTeam(deps, c.req.param("teamId"), c.var.user.id);
      const encoder = new TextEncoder();
      const entries = eachTeamActivityEntry(deps.store, teamId, filter, TEAM_ACTIVITY_EXPORT_MAX);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(stringify([CSV_HEADER])));
        },
        async pull(controller) {
          const batch: string[][] = [];
          for (let next = await entries.next(); !next.done; next = await entries.next()) {
            batch.push(csvRow(next.value));
            if (batch.length === 500) break;
          }
          if (batch.length > 0) controller.enqueue(encoder.encode(stringify(batch)));
          if (batch.length < 500) controller.close();
        },
        async cancel() {
          await entries.return(undefined);
        },
      });
      const day = new Date().toISOString().slice(0, 10);
      return new Response(body, {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="team-activity-${day}.csv"`,
          "cache-control": "no-store",
        },
      });
    });
}
