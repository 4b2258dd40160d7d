import { Trans, useLingui } from "@lingui/react/macro";
import type { ExplainedPlan, PlanNode } from "./plan-tree";

/** EXPLAIN as a collapsible tree: node type, relation, cost, rows estimated and actual, own time. */
export function PlanView({ plan }: { plan: ExplainedPlan }) {
  const { t, i18n } = useLingui();
  const n = (value: number, digits = 2) => i18n.number(value, { maximumFractionDigits: digits });

  const renderNode = (node: PlanNode) => {
    const hottest = node.id === plan.mostExpensiveId;
    return (
      <li key={node.id} data-testid="plan-node">
        <details
          open
          className={`rounded border p-1.5 ${hottest ? "border-amber-500 bg-amber-950/30" : "border-slate-800"}`}
        >
          <summary className="cursor-pointer text-sm">
            <span className="font-medium text-slate-100">{node.nodeType}</span>
            {node.relation && <span className="ml-2 font-mono text-xs text-sky-300">{node.relation}</span>}
            {hottest && (
              <span className="ml-2 rounded bg-amber-600/30 px-1.5 text-xs text-amber-200">
                <Trans>Most expensive</Trans>
              </span>
            )}
          </summary>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-slate-400">
            <dt>
              <Trans>Cost</Trans>
            </dt>
            <dd>
              {n(node.startupCost)}..{n(node.totalCost)}
            </dd>
            <dt>
              <Trans>Rows (estimated)</Trans>
            </dt>
            <dd>{n(node.planRows, 0)}</dd>
            {node.actualRows !== null && (
              <>
                <dt>
                  <Trans>Rows (actual)</Trans>
                </dt>
                <dd>{n(node.actualRows, 0)}</dd>
              </>
            )}
            {node.selfMs !== null && node.actualTotalMs !== null && (
              <>
                <dt>
                  <Trans>Time</Trans>
                </dt>
                <dd>
                  <Trans>
                    {n(node.selfMs, 3)} ms own, {n(node.actualTotalMs, 3)} ms with children
                  </Trans>
                </dd>
              </>
            )}
          </dl>
          {node.children.length > 0 && (
            <ul className="mt-1 ml-4 flex flex-col gap-1 border-l border-slate-800 pl-2">
              {node.children.map(renderNode)}
            </ul>
          )}
        </details>
      </li>
    );
  };

  return (
    <section aria-label={t`Query plan`} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
      <p className="text-xs text-slate-400">
        {plan.analyzed ? (
          <Trans>EXPLAIN ANALYZE: the statement was run.</Trans>
        ) : (
          <Trans>EXPLAIN: estimates only.</Trans>
        )}
        {plan.planningMs !== null && (
          <span className="ml-2">
            <Trans>Planning {n(plan.planningMs, 3)} ms</Trans>
          </span>
        )}
        {plan.executionMs !== null && (
          <span className="ml-2">
            <Trans>Execution {n(plan.executionMs, 3)} ms</Trans>
          </span>
        )}
      </p>
      <ul aria-label={t`Plan tree`} className="flex flex-col gap-1">
        {renderNode(plan.root)}
      </ul>
    </section>
  );
}
