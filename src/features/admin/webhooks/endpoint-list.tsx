import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { useDeleteEndpoint, useSendTestEvent, useSetEndpointEnabled, type WebhookEndpoint } from "./webhooks-api";

function SecretHint({ lastFour }: { lastFour: string }) {
  const { t } = useLingui();
  return <>{t`Secret …${lastFour}`}</>;
}

export function EndpointList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t, i18n } = useLingui();
  const setEnabled = useSetEndpointEnabled();
  const sendTest = useSendTestEvent();
  const remove = useDeleteEndpoint();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  // Set in the click's own handler: the mutation's state arrives a tick later, and a controlled
  // checkbox would snap back to the stored value in between.
  const [asked, setAsked] = useState<Record<string, boolean>>({});
  const fail = (e: unknown) => notify.error(errorText(i18n, e, msg`An error occurred`));
  const deletingUrl = deleting?.url ?? "";

  if (endpoints.length === 0) return <p className="text-slate-300">{t`No endpoints yet.`}</p>;
  return (
    <>
      <ul className="grid gap-2">
        {endpoints.map((endpoint) => (
          <li
            key={endpoint.id}
            className="grid gap-2 rounded-lg border border-white/10 bg-white/5 p-3 md:grid-cols-[1fr_auto] md:items-center"
          >
            <div className="min-w-0">
              <p className="truncate font-mono text-sm text-slate-100">{endpoint.url}</p>
              <p className="text-xs text-slate-400">
                {endpoint.description ? `${endpoint.description} · ` : ""}
                <SecretHint lastFour={endpoint.secret_last_four} />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-400"
                  checked={asked[endpoint.id] ?? endpoint.enabled}
                  onChange={(event) => {
                    const enabled = event.target.checked;
                    setAsked((current) => ({ ...current, [endpoint.id]: enabled }));
                    setEnabled
                      .mutateAsync({ id: endpoint.id, enabled })
                      .catch(fail)
                      .finally(() => setAsked(({ [endpoint.id]: _done, ...rest }) => rest));
                  }}
                />
                {t`Enabled`}
                <span className="sr-only">{endpoint.url}</span>
              </label>
              <Button
                variant="outline"
                size="sm"
                disabled={!endpoint.enabled}
                onClick={() =>
                  sendTest
                    .mutateAsync(endpoint.id)
                    .then(() => notify.success(t`Test event sent`))
                    .catch(fail)
                }
              >
                <Send aria-hidden="true" />
                {t`Send test event`}
                <span className="sr-only">{endpoint.url}</span>
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDeleting(endpoint)}>
                <Trash2 aria-hidden="true" />
                {t`Delete`}
                <span className="sr-only">{endpoint.url}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete endpoint`}
        description={t`Delete ${deletingUrl}? It receives no more events, and its deliveries leave the log.`}
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutateAsync(deleting.id).catch(fail);
          setDeleting(null);
        }}
      />
    </>
  );
}
