import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDateTime } from "./format-date";
import { type AppWebhook, deliveriesQuery, type WebhookDelivery } from "./webhooks-api";

function useStatusText() {
  const { t } = useLingui();
  return (delivery: WebhookDelivery): string => {
    if (delivery.status === "delivered") return t`Delivered`;
    if (delivery.status === "failed") return t`Failed`;
    return delivery.attempts === 0 ? t`Queued` : t`Retrying`;
  };
}

const STATUS_STYLE: Record<WebhookDelivery["status"], string> = {
  delivered: "border-emerald-400/50 text-emerald-200",
  failed: "border-red-400/50 text-red-200",
  pending: "border-amber-400/50 text-amber-200",
};

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useLingui();
  const statusText = useStatusText();
  const at = formatDateTime(i18n.locale, delivery.lastAttemptAt ?? delivery.createdAt);
  const attempts = delivery.attempts;
  const code = delivery.statusCode === null ? "—" : String(delivery.statusCode);
  const duration = delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`;
  const keys = delivery.keys.join(", ");
  const environment = delivery.environment ?? "";
  return (
    <li className="grid gap-1 rounded-md border border-white/10 bg-white/5 px-3 py-2 text-sm">
      <span className="flex flex-wrap items-center gap-2">
        <span className={`rounded border px-1.5 text-xs ${STATUS_STYLE[delivery.status]}`}>{statusText(delivery)}</span>
        <span className="font-mono text-xs text-slate-200">{delivery.eventType}</span>
        <span className="text-xs text-slate-400">{at}</span>
      </span>
      <span className="text-xs text-slate-300">{t`HTTP ${code} · ${duration} · attempt ${attempts}`}</span>
      {delivery.keys.length > 0 && (
        <span className="text-xs [overflow-wrap:anywhere] text-slate-400">{t`${environment}: ${keys}`}</span>
      )}
      {delivery.error && <span className="text-xs [overflow-wrap:anywhere] text-red-300">{delivery.error}</span>}
    </li>
  );
}

/** A webhook's delivery log: the latest deliveries, each with its last attempt's outcome. */
export function WebhookDeliveriesDialog({
  appId,
  webhook,
  onClose,
}: {
  appId: string;
  webhook: AppWebhook | null;
  onClose(): void;
}) {
  const { t } = useLingui();
  const deliveries = useQuery({ ...deliveriesQuery(appId, webhook?.id ?? ""), enabled: webhook !== null });
  return (
    <Dialog open={webhook !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>{t`Deliveries`}</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">{webhook?.url}</DialogDescription>
        </DialogHeader>
        <QueryState
          query={deliveries}
          small
          empty={<p className="text-sm text-slate-300">{t`Nothing was sent yet.`}</p>}
        >
          {(data) => (
            <ul className="grid grid-cols-1 gap-2" aria-label={t`Deliveries`}>
              {data.map((delivery) => (
                <DeliveryItem key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          )}
        </QueryState>
        <DialogFooter>
          <Button onClick={onClose}>{t`Close`}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
