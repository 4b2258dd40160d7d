import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { useAuditEventText } from "@/lib/audit/audit-event-text";
import { auditQuery } from "./api";
import { formatDateTime } from "./format-date";

/** Who did what to the app's secrets and tokens, and when; newest first, never a value. */
export function HistorySection({ appId }: { appId: string }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const history = useInfiniteQuery(auditQuery(appId));
  const textOf = useAuditEventText();
  const events = history.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <QueryState
      query={history}
      small
      loading={
        online ? undefined : <p className="text-sm text-slate-300">{t`The history is not available offline.`}</p>
      }
      isEmpty={() => events.length === 0}
      empty={
        <p className="flex items-center gap-2 text-sm text-slate-300">
          <History aria-hidden="true" className="size-4" />
          {t`Nothing has happened yet.`}
        </p>
      }
    >
      {() => (
        <div className="grid min-w-0 grid-cols-1 gap-2">
          <ol className="grid grid-cols-1 gap-1" aria-label={t`History`}>
            {events.map((event) => (
              <li
                key={event.id}
                className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-white/5 py-1.5 text-sm last:border-b-0"
              >
                <span className="min-w-0 [overflow-wrap:anywhere] text-slate-100">{textOf(event)}</span>
                <time dateTime={event.createdAt} className="text-xs whitespace-nowrap text-slate-400">
                  {formatDateTime(i18n.locale, event.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          {history.hasNextPage && (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-start"
              disabled={history.isFetchingNextPage || !online}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage && <Spinner />}
              {t`Show older`}
            </Button>
          )}
        </div>
      )}
    </QueryState>
  );
}
