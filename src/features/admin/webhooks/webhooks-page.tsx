import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Spinner } from "@/components/ui/spinner";
import { errorText } from "@/lib/errors/error-text";
import { AddEndpointForm } from "./add-endpoint-form";
import { DeliveryLog } from "./delivery-log";
import { EndpointList } from "./endpoint-list";
import { deliveriesQuery, endpointsQuery, portalTokenQuery } from "./webhooks-api";

/**
 * /admin/webhooks: endpoints that receive user and team events (signed per Standard Webhooks) and
 * the delivery log. Reads go through a portal token, changes through the admin API.
 */
export function WebhooksPage() {
  const { t, i18n } = useLingui();
  const token = useQuery(portalTokenQuery()).data?.token;
  const endpoints = useQuery(endpointsQuery(token));
  const deliveries = useQuery(deliveriesQuery(token));
  const failure = endpoints.error ?? deliveries.error;

  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-2xl font-semibold text-white">{t`Webhooks`}</h2>
        <p className="text-sm text-slate-300">
          {t`Endpoints receive user and team events, signed per the Standard Webhooks specification and retried with backoff when they fail.`}
        </p>
      </div>
      <AddEndpointForm />
      {failure && (
        <p role="alert" className="text-red-300">
          {errorText(i18n, failure)}
        </p>
      )}
      <section className="grid gap-2" aria-labelledby="webhook-endpoints">
        <h3 id="webhook-endpoints" className="font-medium text-white">
          {t`Endpoints`}
        </h3>
        {endpoints.data ? (
          <EndpointList endpoints={endpoints.data} />
        ) : (
          <p role="status" className="flex items-center gap-2 text-slate-300">
            <Spinner />
            {t`Loading...`}
          </p>
        )}
      </section>
      <section className="grid gap-2" aria-labelledby="webhook-deliveries">
        <h3 id="webhook-deliveries" className="font-medium text-white">
          {t`Delivery log`}
        </h3>
        {deliveries.data && <DeliveryLog deliveries={deliveries.data} endpoints={endpoints.data ?? []} />}
      </section>
    </div>
  );
}
