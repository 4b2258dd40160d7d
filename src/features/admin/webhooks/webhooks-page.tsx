import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/query-state";
import { AddEndpointForm } from "./add-endpoint-form";
import { DeliveryLog } from "./delivery-log";
import { EndpointList } from "./endpoint-list";
import { deliveriesQuery, endpointsQuery, portalTokenQuery } from "./webhooks-api";

/**
 * /admin/webhooks: endpoints that receive user and team events (signed per Standard Webhooks) and
 * the delivery log. Reads go through a portal token, changes through the admin API.
 */
export function WebhooksPage() {
  const { t } = useLingui();
  const portal = useQuery(portalTokenQuery());
  const token = portal.data?.token;
  const endpoints = useQuery(endpointsQuery(token));
  const deliveries = useQuery(deliveriesQuery(token));

  return (
    <div className="grid gap-4">
      <div>
        <h2 className="text-2xl font-semibold text-white">{t`Webhooks`}</h2>
        <p className="text-sm text-slate-300">
          {t`Endpoints receive user and team events, signed per the Standard Webhooks specification and retried with backoff when they fail.`}
        </p>
      </div>
      <AddEndpointForm />
      <section className="grid gap-2" aria-labelledby="webhook-endpoints">
        <h3 id="webhook-endpoints" className="font-medium text-white">
          {t`Endpoints`}
        </h3>
        {/* Without a portal token the endpoints are never asked for: its failure is theirs. */}
        <QueryState query={{ ...endpoints, error: portal.error ?? endpoints.error }}>
          {(list) => <EndpointList endpoints={list} />}
        </QueryState>
      </section>
      <section className="grid gap-2" aria-labelledby="webhook-deliveries">
        <h3 id="webhook-deliveries" className="font-medium text-white">
          {t`Delivery log`}
        </h3>
        {/* The endpoints above already say "Loading..." for the page. */}
        <QueryState query={deliveries} loading={null}>
          {(list) => <DeliveryLog deliveries={list} endpoints={endpoints.data ?? []} />}
        </QueryState>
      </section>
    </div>
  );
}
