import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { formatCell } from "./format-cell";
import { countChanges, noChanges, type PendingChanges } from "./pending-changes";

const describe = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([name, value]) => `${name} = ${formatCell(value)}`)
    .join(", ");

/** The changes waiting to be applied, each one removable, applied together or discarded. */
export function PendingChangesList({
  changes,
  onChange,
  onApply,
  applying,
  error,
}: {
  changes: PendingChanges;
  onChange: (changes: PendingChanges) => void;
  onApply: () => void;
  applying: boolean;
  error: string | null;
}) {
  const { t } = useLingui();
  const count = countChanges(changes);
  if (count === 0 && !error) return null;
  const without = {
    update: (id: string) => {
      const updates = new Map(changes.updates);
      updates.delete(id);
      onChange({ ...changes, updates });
    },
    insert: (index: number) => onChange({ ...changes, inserts: changes.inserts.filter((_, i) => i !== index) }),
    delete: (id: string) => {
      const deletes = new Map(changes.deletes);
      deletes.delete(id);
      onChange({ ...changes, deletes });
    },
  };
  const undo = <Trans>Undo</Trans>;

  return (
    <section aria-label={t`Pending changes`} className="rounded border border-amber-800/60 bg-amber-950/20 p-2 text-sm">
      <div className="flex items-center gap-2">
        <h3 className="font-medium text-amber-200">
          <Trans>Pending changes: {count}</Trans>
        </h3>
        <Button size="sm" className="ml-auto" disabled={count === 0 || applying} onClick={onApply}>
          <Trans>Apply changes</Trans>
        </Button>
        <Button size="sm" variant="outline" disabled={applying} onClick={() => onChange(noChanges())}>
          <Trans>Discard</Trans>
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-red-300">
          <Trans>Nothing was changed: {error}</Trans>
        </p>
      )}
      <ul className="mt-1 max-h-32 overflow-auto font-mono text-xs text-slate-300">
        {[...changes.updates].map(([id, { key, values }]) => (
          <li key={`u${id}`} className="flex items-center gap-2">
            <span>
              <Trans>
                Update {describe(key)}: {describe(values)}
              </Trans>
            </span>
            <Button size="sm" variant="ghost" onClick={() => without.update(id)}>
              {undo}
            </Button>
          </li>
        ))}
        {changes.inserts.map((values, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: new rows have no key yet
          <li key={`i${index}`} className="flex items-center gap-2">
            <span>
              <Trans>Insert {describe(values) || "DEFAULT VALUES"}</Trans>
            </span>
            <Button size="sm" variant="ghost" onClick={() => without.insert(index)}>
              {undo}
            </Button>
          </li>
        ))}
        {[...changes.deletes].map(([id, key]) => (
          <li key={`d${id}`} className="flex items-center gap-2">
            <span>
              <Trans>Delete {describe(key)}</Trans>
            </span>
            <Button size="sm" variant="ghost" onClick={() => without.delete(id)}>
              {undo}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
