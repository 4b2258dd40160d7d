import type { EditorTable } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { fetchEditorTable } from "./editor-api";
import { type StructureChange, structureChanges } from "./structure-changes";

/** After STRUCTURE_CHANGED: what someone else changed, and a way to start again from the table as it is. */
export function StructureChangesNotice({
  dbId,
  loaded,
  onReload,
}: {
  dbId: string;
  loaded: EditorTable;
  onReload: () => void;
}) {
  const { t } = useLingui();
  // A key of its own: refetching the editor's query would reset the form under the user's edits.
  const now = useQuery({
    queryKey: ["db", dbId, "schema-editor", "now", loaded.schema, loaded.name],
    queryFn: () => fetchEditorTable(dbId, loaded.schema, loaded.name),
    gcTime: 0,
    retry: false,
  });
  const changes = now.isPending ? [] : structureChanges(loaded, now.data?.table ?? null);
  const text = (change: StructureChange) => {
    switch (change.kind) {
      case "column_added":
        return t`Column ${change.name} was added.`;
      case "column_removed":
        return t`Column ${change.name} was removed.`;
      case "column_changed":
        return t`Column ${change.name} changed from ${change.from} to ${change.to}.`;
      case "constraints_changed":
        return t`Keys or checks changed.`;
      case "indexes_changed":
        return t`Indexes changed.`;
      case "renamed_or_dropped":
        return t`The table was renamed or dropped.`;
    }
  };
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-amber-400/40 bg-amber-950/40 p-3 text-sm text-amber-100"
    >
      <p>
        <Trans>Someone changed this table since you opened it. Nothing was run.</Trans>
      </p>
      {changes.length > 0 && (
        <ul className="list-disc pl-5">
          {changes.map((change) => (
            <li key={JSON.stringify(change)}>{text(change)}</li>
          ))}
        </ul>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onReload}>
          <Trans>Reload the table (your edits are lost)</Trans>
        </Button>
      </div>
    </div>
  );
}
