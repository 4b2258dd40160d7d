import {
  type TeamActivityAction,
  type TeamActivityEntry,
  type TeamActivityFilter,
  teamActivityActionSchema,
} from "@contract/team-activity";
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Download, History } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { AccountSection } from "@/components/account-section";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { downloadTeamActivityCsv, teamActivityQuery } from "./team-activity-api";
import { teamActivityActionLabel, useTeamActivityText } from "./team-activity-texts";

const ACTIONS = teamActivityActionSchema.options;
const SELECT =
  "h-9 w-full min-w-0 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60";

export interface ActivityMember {
  id: string;
  label: string;
}

/**
 * Who did what in the team and its apps, newest first: the apps' history and the team's own events
 * (roles, invitations, transfers, moves), filtered by member and action, exported as CSV.
 */
export function TeamActivitySection({ teamId, members }: { teamId: string; members: ActivityMember[] }) {
  const { t, i18n } = useLingui();
  const [actor, setActor] = useState("");
  const [action, setAction] = useState<TeamActivityAction | "">("");
  const filter = useMemo<TeamActivityFilter>(
    () => ({ ...(actor ? { actor } : {}), ...(action ? { action } : {}) }),
    [actor, action],
  );
  const activity = useInfiniteQuery(teamActivityQuery(teamId, filter));
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  const textOf = useTeamActivityText();
  const others = useFormerActors(entries, members);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadTeamActivityCsv(teamId, filter);
    } catch (error) {
      notify.error(errorText(i18n, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <AccountSection id="team-activity" title={t`Activity`}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end [&>*]:min-w-0">
        <div className="grid gap-1">
          <Label htmlFor="team-activity-member">{t`Member`}</Label>
          <select id="team-activity-member" value={actor} onChange={(e) => setActor(e.target.value)} className={SELECT}>
            <option value="">{t`All members`}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.label}
              </option>
            ))}
            {others.length > 0 && members.length > 0 ? (
              <optgroup label={t`Former members`}>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.label}
                  </option>
                ))}
              </optgroup>
            ) : (
              others.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.label}
                </option>
              ))
            )}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="team-activity-action">{t`Action`}</Label>
          <select
            id="team-activity-action"
            value={action}
            onChange={(e) => setAction(e.target.value as TeamActivityAction | "")}
            className={SELECT}
          >
            <option value="">{t`All actions`}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {i18n._(teamActivityActionLabel(a))}
              </option>
            ))}
          </select>
        </div>
        <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
          {t`Export CSV`}
        </Button>
      </div>
      <QueryState
        query={activity}
        small
        isEmpty={() => entries.length === 0}
        empty={
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <History aria-hidden="true" className="size-4" />
            {actor || action ? t`No activity matches these filters.` : t`Nothing has happened in this team yet.`}
          </p>
        }
      >
        {() => (
          <div className="grid min-w-0 grid-cols-1 gap-2">
            <ol className="grid grid-cols-1 gap-1" aria-label={t`Team activity`}>
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-white/5 py-1.5 text-sm last:border-b-0"
                >
                  <span className="min-w-0 [overflow-wrap:anywhere] text-slate-100">
                    {entry.resource.type === "app" && entry.resource.name && (
                      <span className="mr-2 rounded bg-white/10 px-1.5 py-0.5 text-xs text-slate-300">
                        {entry.resource.name}
                      </span>
                    )}
                    {textOf(entry)}
                  </span>
                  <time dateTime={entry.createdAt} className="text-xs whitespace-nowrap text-slate-400">
                    {i18n.date(new Date(entry.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </li>
              ))}
            </ol>
            {activity.hasNextPage && (
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-start"
                disabled={activity.isFetchingNextPage}
                onClick={() => void activity.fetchNextPage()}
              >
                {activity.isFetchingNextPage && <Spinner />}
                {t`Show older`}
              </Button>
            )}
          </div>
        )}
      </QueryState>
    </AccountSection>
  );
}

/**
 * Members named by entries seen so far who are not in the member list (they left, or the caller may
 * not list members): kept while the filters change, so a departed member stays a choice.
 */
function useFormerActors(entries: TeamActivityEntry[], members: ActivityMember[]): ActivityMember[] {
  const seen = useRef(new Map<string, string>());
  for (const entry of entries) {
    if (entry.actor.kind === "user" && !seen.current.has(entry.actor.id)) {
      seen.current.set(entry.actor.id, entry.actor.label ?? entry.actor.id);
    }
  }
  const current = new Set(members.map((member) => member.id));
  return [...seen.current].filter(([id]) => !current.has(id)).map(([id, label]) => ({ id, label }));
}
