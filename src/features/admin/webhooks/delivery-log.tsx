import { useLingui } from "@lingui/react/macro";
import { cn } from "@/lib/cn";
import { AdminTable } from "../admin-table";
import type { WebhookDelivery, WebhookEndpoint } from "./webhooks-api";

function StatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  const { t } = useLingui();
  const label = { pending: t`Pending`, delivered: t`Delivered`, failed: t`Failed` }[status];
  return (
    <span
      className={cn(
        "rounded px-2 py-0.5 text-xs",
        status === "delivered" && "bg-emerald-500/20 text-emerald-200",
        status === "pending" && "bg-amber-400/20 text-amber-100",
        status === "failed" && "bg-red-500/20 text-red-200",
      )}
    >
      {label}
    </span>
  );
}

function NextAttempt({ at }: { at: string }) {
  const { t } = useLingui();
  return <span className="block text-slate-400">{t`Next attempt: ${at}`}</span>;
}

/** Every attempt's outcome, newest first: what was sent where, and why a receiver refused it. */
export function DeliveryLog({
  deliveries,
  endpoints,
}: {
  deliveries: WebhookDelivery[];
  endpoints: WebhookEndpoint[];
}) {
  const { t, i18n } = useLingui();
  const urlOf = new Map(endpoints.map((e) => [e.id, e.url]));
  const time = (millis: number) => i18n.date(new Date(millis), { dateStyle: "short", timeStyle: "medium" });

  if (deliveries.length === 0) return <p className="text-slate-300">{t`No deliveries yet.`}</p>;
  return (
    <AdminTable
      label={t`Delivery log`}
      columns={[t`Time`, t`Event`, t`Endpoint`, t`Status`, t`Attempts`, t`Last answer`]}
    >
      {deliveries.map((d) => (
        <tr key={d.id} className="border-t border-white/10 align-top text-slate-100">
          <td className="whitespace-nowrap px-3 py-2">{time(d.created_at_millis)}</td>
          <td className="px-3 py-2 font-mono text-xs">{d.event_type}</td>
          <td className="max-w-64 truncate px-3 py-2 font-mono text-xs">{urlOf.get(d.endpoint_id) ?? d.endpoint_id}</td>
          <td className="px-3 py-2">
            <StatusBadge status={d.status} />
          </td>
          <td className="px-3 py-2">{i18n.number(d.attempts)}</td>
          <td className="px-3 py-2 text-xs text-slate-300">
            {d.last_status_code !== null && <span className="mr-2 font-mono">HTTP {d.last_status_code}</span>}
            {d.last_error && <span className="break-words">{d.last_error}</span>}
            {d.next_attempt_at_millis !== null && <NextAttempt at={time(d.next_attempt_at_millis)} />}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
