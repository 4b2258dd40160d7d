import { useLingui } from "@lingui/react/macro";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { RunPlan } from "./pick-statements";

const PREVIEW_CHARS = 200;

/** Asks before statements that drop, truncate, or update/delete every row, listing each one. */
export function DestructiveConfirmDialog({
  plan,
  onConfirm,
  onCancel,
}: {
  plan: RunPlan | null;
  onConfirm: (plan: RunPlan) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const reason = (kind: RunPlan["flagged"][number]["destructive"]) => {
    switch (kind) {
      case "drop":
        return t`Drops an object`;
      case "truncate":
        return t`Empties a table`;
      case "update-without-where":
        return t`Updates every row (no WHERE)`;
      case "delete-without-where":
        return t`Deletes every row (no WHERE)`;
      case "analyze-executes":
        return t`EXPLAIN ANALYZE runs it, and it may change data`;
      default:
        return t`Could not be checked: the SQL does not parse`;
    }
  };
  return (
    <ConfirmDialog
      open={plan !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={t`Run destructive statements?`}
      description={t`These statements can destroy data and cannot be undone:`}
      confirmLabel={t`Run anyway`}
      onConfirm={() => plan && onConfirm(plan)}
    >
      <ul aria-label={t`Destructive statements`} className="flex max-h-64 flex-col gap-2 overflow-y-auto text-sm">
        {plan?.flagged.map((statement, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed while the dialog is open
          <li key={index} className="rounded border border-red-900/60 bg-red-950/30 p-2">
            <p className="text-xs text-red-300">{reason(statement.destructive)}</p>
            <code className="block font-mono text-xs break-all whitespace-pre-wrap text-slate-200">
              {statement.text.length > PREVIEW_CHARS ? `${statement.text.slice(0, PREVIEW_CHARS)}…` : statement.text}
            </code>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
