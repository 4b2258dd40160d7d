import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { QueryState } from "@/components/query-state";
import { DailyChart } from "./daily-chart";
import { type Metrics, metricsQuery } from "./metrics-api";
import { RecentUsers } from "./recent-users";

/** Names of sign-in methods; providers are shown by their id, capitalised. */
function useMethodLabel() {
  const { t } = useLingui();
  return (method: string) =>
    method === "password" ? t`Password` : method.charAt(0).toUpperCase() + method.slice(1).replace(/[-_]/g, " ");
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-white/10 bg-white/5 p-4">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd className="text-2xl font-semibold text-white">{value}</dd>
    </div>
  );
}

/** /admin: the project's users at a glance, from GET /internal/metrics. */
export function AdminOverview() {
  const metrics = useQuery(metricsQuery());
  return <QueryState query={metrics}>{(m) => <Overview m={m} />}</QueryState>;
}

function Overview({ m }: { m: Metrics }) {
  const { t, i18n } = useLingui();
  const methodLabel = useMethodLabel();
  const sum = (days: { activity: number }[]) => days.reduce((total, d) => total + d.activity, 0);
  const methodMax = Math.max(1, ...m.login_methods.map((x) => x.count));

  return (
    <div className="grid gap-4">
      <h2 className="text-2xl font-semibold text-white">{t`Overview`}</h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label={t`Users`} value={i18n.number(m.total_users)} />
        <Stat label={t`Sign-ups in the last 30 days`} value={i18n.number(sum(m.daily_users))} />
        <Stat label={t`Active in the last 30 days`} value={i18n.number(sum(m.daily_active_users))} />
      </dl>
      <div className="grid gap-4 xl:grid-cols-2">
        <DailyChart title={t`Sign-ups per day`} days={m.daily_users} />
        <DailyChart title={t`Active users per day`} days={m.daily_active_users} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <section className="grid content-start gap-2 rounded-lg border border-white/10 bg-white/5 p-4">
          <h3 className="font-medium text-white">{t`Sign-in methods`}</h3>
          <ul className="grid gap-2 text-sm">
            {m.login_methods.map(({ method, count }) => (
              <li key={method} className="grid gap-1">
                <span className="flex justify-between text-slate-100">
                  <span>{methodLabel(method)}</span>
                  <span>{i18n.number(count)}</span>
                </span>
                <span className="h-1.5 rounded bg-white/10" aria-hidden="true">
                  <span
                    className="block h-full rounded bg-indigo-400"
                    style={{ width: `${(count / methodMax) * 100}%` }}
                  />
                </span>
              </li>
            ))}
          </ul>
        </section>
        <RecentUsers title={t`Recently signed up`} users={m.recently_registered} at={(u) => u.signed_up_at_millis} />
        <RecentUsers title={t`Recently active`} users={m.recently_active} at={(u) => u.last_active_at_millis} />
      </div>
    </div>
  );
}
