import type { AuditEvent } from "@contract/audit";
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useOnline } from "@/hooks/use-online";
import { auditQuery } from "./api";
import { formatDateTime } from "./format-date";

const copiedKeys = (event: AuditEvent): string[] =>
  ["created", "replaced"].flatMap((field) => {
    const list = event.detail?.[field];
    return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
  });

function useEventText() {
  const { t } = useLingui();
  return (event: AuditEvent): string => {
    const user = event.actor.label ?? event.actor.id;
    const operator = event.actor.impersonator ? (event.actor.impersonator.label ?? event.actor.impersonator.id) : null;
    // An impersonation names both: the operator, acting as the user.
    const who = operator ? t`${operator} as ${user}` : user;
    const subject = event.subject ?? "";
    const viaImport = event.detail?.via === "import";
    const format = typeof event.detail?.format === "string" ? event.detail.format : "";
    const environment = typeof event.detail?.environment === "string" ? event.detail.environment : "";
    switch (event.action) {
      case "secret.created":
        return viaImport ? t`${who} added ${subject} by import` : t`${who} added ${subject}`;
      case "secret.updated":
        return viaImport ? t`${who} changed ${subject} by import` : t`${who} changed ${subject}`;
      case "secret.deleted":
        return t`${who} deleted ${subject}`;
      case "secrets.revealed":
        return t`${who} showed all values`;
      case "secrets.exported":
        return t`${who} exported the secrets (${format})`;
      case "secrets.pulled":
        return t`Token "${subject}" read the secrets`;
      case "secrets.referenced":
        return t`${who} read values of ${environment} through a reference from another app`;
      case "token.created":
        return t`${who} created the token "${subject}"`;
      case "token.revoked":
        return t`${who} revoked the token "${subject}"`;
      case "environment.created":
        return t`${who} added the environment ${subject}`;
      case "environment.updated":
        return t`${who} changed the environment ${subject}`;
      case "environment.deleted":
        return t`${who} deleted the environment ${subject}`;
      case "environment.rolled_back":
        return t`${who} rolled the environment ${subject} back`;
      case "environment.copied": {
        // The keys written (new and replaced), never a value.
        const keys = copiedKeys(event).join(", ");
        const from = typeof event.detail?.from === "string" ? event.detail.from : "";
        return t`${who} copied ${keys} from ${from} to ${subject}`;
      }
      case "secret.version_revealed":
        return t`${who} showed an earlier value of ${subject}`;
      case "secret.restored":
        return t`${who} restored an earlier value of ${subject}`;
      case "webhook.created":
        return t`${who} added a webhook to ${subject}`;
      case "webhook.updated":
        return t`${who} changed the webhook to ${subject}`;
      case "webhook.deleted":
        return t`${who} deleted the webhook to ${subject}`;
      case "webhook.secret_rotated":
        return t`${who} rotated the signing secret of the webhook to ${subject}`;
    }
  };
}

/** Who did what to the app's secrets and tokens, and when; newest first, never a value. */
export function HistorySection({ appId }: { appId: string }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const history = useInfiniteQuery(auditQuery(appId));
  const textOf = useEventText();
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
