import type { TeamRole } from "@contract/teams";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Plus, Webhook } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
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
import { useOnline } from "@/hooks/use-online";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { atLeast } from "@/lib/workspace/workspace";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { formatDateTime } from "./format-date";
import { SigningSecret } from "./signing-secret";
import { WebhookDeliveriesDialog } from "./webhook-deliveries-dialog";
import {
  type AppWebhook,
  type AppWebhookWithSecret,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhook,
  webhooksQuery,
} from "./webhooks-api";

function WebhookRow({
  appId,
  webhook,
  manage,
  readOnly,
  onShowDeliveries,
  onRotated,
}: {
  appId: string;
  webhook: AppWebhook;
  /** The app's admins (the owner of a personal app) change, test, rotate and delete. */
  manage: boolean;
  readOnly: boolean;
  onShowDeliveries(): void;
  onRotated(hook: AppWebhookWithSecret): void;
}) {
  const { t, i18n } = useLingui();
  const [confirming, setConfirming] = useState<"delete" | "rotate" | null>(null);
  const update = useUpdateWebhook(appId);
  const remove = useDeleteWebhook(appId);
  const rotate = useRotateWebhookSecret(appId);
  const test = useSendTestWebhook(appId);
  const url = webhook.url;
  const scope = webhook.environment ? webhook.environment.name : t`All environments`;
  const last = webhook.lastDelivery;
  const lastAt = last ? formatDateTime(i18n.locale, last.at) : "";
  const lastCode = last?.statusCode === null || last === null ? "—" : String(last.statusCode);
  const lastText = !last
    ? t`Nothing sent yet`
    : last.status === "delivered"
      ? t`Last delivery ${lastAt}: HTTP ${lastCode}`
      : last.status === "failed"
        ? t`Last delivery ${lastAt} failed: HTTP ${lastCode}`
        : t`Last delivery ${lastAt}: waiting to be (re)tried`;

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      notify.success(success);
    } catch (e) {
      notify.error(errorText(i18n, e));
    }
  }

  return (
    <li className="grid gap-2 rounded-md border border-white/10 bg-white/5 px-3 py-2">
      <div className="grid min-w-0 gap-0.5">
        <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-100">
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{url}</span>
          {!webhook.enabled && (
            <span className="rounded border border-slate-400/50 px-1.5 text-xs text-slate-300">{t`Disabled`}</span>
          )}
        </span>
        <span className="text-xs text-slate-400">{t`${scope} · ${lastText}`}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onShowDeliveries}>
          {t`Deliveries`}
        </Button>
        {manage && (
          <>
            <Button
              variant="outline"
              size="sm"
              disabled={readOnly || test.isPending}
              onClick={() => void run(() => test.mutateAsync(webhook.id), t`Test event queued for ${url}`)}
            >
              {t`Send test`}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={readOnly || update.isPending}
              onClick={() =>
                void run(
                  () => update.mutateAsync({ id: webhook.id, enabled: !webhook.enabled }),
                  webhook.enabled ? t`Webhook disabled` : t`Webhook enabled`,
                )
              }
            >
              {webhook.enabled ? t`Disable` : t`Enable`}
            </Button>
            <Button variant="outline" size="sm" disabled={readOnly} onClick={() => setConfirming("rotate")}>
              {t`Rotate secret`}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="border-red-400/50 text-red-200 hover:bg-red-500/10"
              disabled={readOnly}
              onClick={() => setConfirming("delete")}
            >
              {t`Delete`}
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirming === "delete"}
        onOpenChange={(open) => setConfirming(open ? "delete" : null)}
        title={t`Delete webhook?`}
        description={t`Changes are no longer sent to ${url}, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel={t`Delete webhook`}
        pending={remove.isPending}
        onConfirm={() =>
          void run(() => remove.mutateAsync(webhook.id), t`Webhook deleted`).finally(() => setConfirming(null))
        }
      />
      <ConfirmDialog
        open={confirming === "rotate"}
        onOpenChange={(open) => setConfirming(open ? "rotate" : null)}
        title={t`Rotate signing secret?`}
        description={t`Requests are signed with a new secret at once; the receiver at ${url} rejects them until it has the new one.`}
        confirmLabel={t`Rotate secret`}
        pending={rotate.isPending}
        onConfirm={() =>
          void rotate
            .mutateAsync(webhook.id)
            .then(onRotated, (e: unknown) => notify.error(errorText(i18n, e)))
            .finally(() => setConfirming(null))
        }
      />
    </li>
  );
}

/**
 * Change webhooks: the app's developers see them and their delivery logs; its admins (the owner
 * of a personal app) add, test, disable, rotate and delete them. Viewers are told who may.
 */
export function WebhooksSection({ appId, role }: { appId: string; role: TeamRole | null }) {
  const { t } = useLingui();
  const online = useOnline();
  const mayRead = atLeast(role, "developer");
  const manage = atLeast(role, "admin");
  const webhooks = useQuery({ ...webhooksQuery(appId), enabled: mayRead });
  const [adding, setAdding] = useState(false);
  const [showing, setShowing] = useState<AppWebhook | null>(null);
  const [rotated, setRotated] = useState<AppWebhookWithSecret | null>(null);

  if (!mayRead) {
    return <p className="text-sm text-slate-300">{t`Only the app's developers and admins see its webhooks.`}</p>;
  }
  return (
    <div className="grid min-w-0 grid-cols-1 gap-3">
      <p className="text-sm text-slate-300">
        {t`A webhook tells another service when this app's secrets change: it receives the environment, the keys changed and their new versions, signed per Standard Webhooks, never a value.`}
      </p>
      {manage && (
        <div>
          <Button variant="outline" size="sm" disabled={!online} onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            {t`Add webhook`}
          </Button>
        </div>
      )}
      <QueryState
        query={webhooks}
        small
        loading={online ? undefined : null}
        empty={
          <p className="flex items-center gap-2 text-sm text-slate-300">
            <Webhook aria-hidden="true" className="size-4" />
            {t`No webhooks yet.`}
          </p>
        }
      >
        {(data) => (
          <ul className="grid grid-cols-1 gap-2" aria-label={t`Webhooks`}>
            {data.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                appId={appId}
                webhook={webhook}
                manage={manage}
                readOnly={!online}
                onShowDeliveries={() => setShowing(webhook)}
                onRotated={setRotated}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <AddWebhookDialog appId={appId} open={adding} onOpenChange={setAdding} />
      <WebhookDeliveriesDialog appId={appId} webhook={showing} onClose={() => setShowing(null)} />
      <Dialog open={rotated !== null} onOpenChange={(open) => !open && setRotated(null)}>
        <DialogContent closeLabel={t`Close`} wide>
          <DialogHeader>
            <DialogTitle>{t`Copy the new signing secret now`}</DialogTitle>
            <DialogDescription className="[overflow-wrap:anywhere]">{rotated?.url}</DialogDescription>
          </DialogHeader>
          {rotated && <SigningSecret secret={rotated.secret} />}
          <DialogFooter>
            <Button onClick={() => setRotated(null)}>{t`Done`}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
