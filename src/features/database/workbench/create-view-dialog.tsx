import type { SchemaChangeInput } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { notify } from "@/lib/notify";
import { type ReviewFailure, SqlReview } from "../schema-editor/sql-review";

/**
 * "Create view…" of the SQL workbench: the editor's query (its selection, else all of it) becomes a
 * view of the name and schema given here. Review SQL shows the `CREATE VIEW` the server plans
 * (identifiers quoted there), editable; Run applies it through the schema editor's path, so viewers
 * and a read-only server are refused there with their usual codes.
 */
export function CreateViewDialog({
  dbId,
  query,
  open,
  onOpenChange,
}: {
  dbId: string;
  /** The workbench's current query, as the user wrote it. */
  query: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [schema, setSchema] = useState("public");
  const [failure, setFailure] = useState<ReviewFailure | null>(null);
  // A new review for every opening: the query may have changed since.
  const [opening, setOpening] = useState(0);

  const change = (): SchemaChangeInput | null =>
    name.trim() && schema.trim() && query.trim()
      ? { op: "create_view", schema: schema.trim(), name: name.trim(), query }
      : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setOpening((n) => n + 1);
        else setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t`Close`} wide>
        <DialogHeader>
          <DialogTitle>
            <Trans>Create view</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>The editor's query (its selection, if any) becomes a view. Review the SQL before it runs.</Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-name`}>
              <Trans>View name</Trans>
            </Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={63}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={failure?.field === "name" || undefined}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-schema`}>
              <Trans>Schema</Trans>
            </Label>
            <Input
              id={`${id}-schema`}
              value={schema}
              maxLength={63}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setSchema(event.target.value)}
            />
          </div>
          {query.trim() === "" ? (
            <p role="status" className="text-sm text-amber-300">
              <Trans>Write the view's query in the editor first.</Trans>
            </p>
          ) : null}
          <SqlReview
            key={opening}
            dbId={dbId}
            change={change}
            onFailure={setFailure}
            runLabel={t`Create view`}
            onApplied={() => {
              notify.success(t`View ${name.trim()} created`);
              setName("");
              onOpenChange(false);
            }}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
