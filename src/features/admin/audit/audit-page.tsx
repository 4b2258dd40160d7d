import type { InstanceAuditAction, InstanceAuditEvent, InstanceAuditFilter } from "@contract/instance-audit";
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Download, RefreshCw, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { AdminTable } from "../admin-table";
import { AUDIT_ACTION_LABELS } from "./audit-action-label";
import { auditQuery, downloadAuditCsv } from "./audit-api";

const ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as InstanceAuditAction[];

/** "operator@… as carol@…" for an impersonation, the user alone otherwise, the instance for a restore. */
export function ActorText({ event }: { event: InstanceAuditEvent }) {
  const { t } = useLingui();
  if (!event.actor) return <>{t`The instance`}</>;
  const user = event.actor.label ?? event.actor.id;
  if (!event.impersonator) return <>{user}</>;
  const operator = event.impersonator.label ?? event.impersonator.id;
  return <>{t`${operator} as ${user}`}</>;
}

/** The detail's names and counts as `key: value` pairs (it never holds a value of a secret). */
function detailText(detail: InstanceAuditEvent["detail"]): string {
  if (!detail) return "";
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`)
    .join(" · ");
}

/** /admin/audit: what operators did and what was done to the instance, newest first, as it comes. */
export function AuditPage() {
  const { t, i18n } = useLingui();
  const [action, setAction] = useState<InstanceAuditAction | "">("");
  const [actorInput, setActorInput] = useState("");
  const [searchInput, setSearchInput] = useState("");
  const actor = useDebouncedValue(actorInput.trim(), 300);
  const q = useDebouncedValue(searchInput.trim(), 300);
  const filter = useMemo<InstanceAuditFilter>(
    () => ({ ...(action ? { action } : {}), ...(actor ? { actor } : {}), ...(q ? { q } : {}) }),
    [action, actor, q],
  );
  const events = useInfiniteQuery(auditQuery(filter));
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const [exporting, setExporting] = useState(false);
  const filtered = Boolean(action || actor || q);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(filter);
    } catch (error) {
      notify.error(errorText(i18n, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-semibold text-white">{t`Audit log`}</h2>
        <div className="flex gap-2">
          <Button variant="outline" disabled={events.isFetching} onClick={() => void events.refetch()}>
            {events.isFetching ? <Spinner /> : <RefreshCw aria-hidden="true" className="size-4" />}
            {t`Refresh`}
          </Button>
          <Button variant="outline" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
            {t`Export CSV`}
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-300">
        {t`Sign-ins of operators, impersonations, changes made in the admin area, secret reveals and exports, backups and restores. Values are never recorded. New events appear by themselves.`}
      </p>
      <div className="grid gap-3 sm:grid-cols-3 [&>*]:min-w-0">
        <div className="grid gap-1">
          <Label htmlFor="audit-action">{t`Action`}</Label>
          <select
            id="audit-action"
            value={action}
            onChange={(e) => setAction(e.target.value as InstanceAuditAction | "")}
            className="h-9 w-full min-w-0 rounded-md border border-white/15 bg-slate-900 px-2 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-300/60"
          >
            <option value="">{t`All actions`}</option>
            {ACTIONS.map((a) => (
              <option key={a} value={a}>
                {i18n._(AUDIT_ACTION_LABELS[a])}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-actor">{t`Actor`}</Label>
          <Input
            id="audit-actor"
            placeholder={t`E-mail or user ID`}
            autoComplete="off"
            value={actorInput}
            onChange={(e) => setActorInput(e.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="audit-search">{t`Search`}</Label>
          <div className="relative">
            <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-slate-400" />
            <Input
              id="audit-search"
              type="search"
              placeholder={t`Subject, e-mail or action`}
              value={searchInput}
              onChange={(e) => setSearchInput(e.target.value)}
              className="pl-8"
            />
          </div>
        </div>
      </div>
      <QueryState
        query={events}
        isEmpty={() => rows.length === 0}
        empty={
          <p className="text-slate-300">{filtered ? t`No events match these filters.` : t`Nothing recorded yet.`}</p>
        }
      >
        {() => (
          <AdminTable label={t`Audit log`} columns={[t`Time`, t`Action`, t`Actor`, t`Target`, t`Details`]}>
            {rows.map((event) => (
              <tr key={event.id} className="border-t border-white/10 align-top text-slate-100">
                <td className="whitespace-nowrap px-3 py-2">
                  <time dateTime={event.createdAt}>
                    {i18n.date(new Date(event.createdAt), { dateStyle: "medium", timeStyle: "medium" })}
                  </time>
                </td>
                <th scope="row" className="px-3 py-2 font-normal">
                  {i18n._(AUDIT_ACTION_LABELS[event.action])}
                </th>
                <td className="min-w-56 break-words px-3 py-2">
                  <ActorText event={event} />
                </td>
                <td className="min-w-48 break-all px-3 py-2">{event.subjectLabel ?? event.subject ?? ""}</td>
                <td className="min-w-64 break-words px-3 py-2 text-xs text-slate-300">{detailText(event.detail)}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
      {events.hasNextPage && (
        <div>
          <Button variant="outline" disabled={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
            {events.isFetchingNextPage && <Spinner />}
            {t`Load more`}
          </Button>
        </div>
      )}
    </div>
  );
}
