import type { CatalogTypesResponse, EditorColumn, EditorTable, EditorTableResponse } from "@contract/schema-editor";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { FieldError } from "@/components/field-error";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { SideDrawer } from "@/components/ui/side-drawer";
import { errorText } from "@/lib/errors/error-text";
import { schemaQuery } from "../api";
import { ColumnCard } from "./column-card";
import { catalogTypesQuery, editorTableQuery } from "./editor-api";
import { ChecksSection, ForeignKeysSection, IndexesSection, type TableChoice } from "./key-sections";
import type { TableRef as OpenTable } from "./open-table";
import { type ReviewFailure, SqlReview } from "./sql-review";
import { StructureChangesNotice } from "./structure-changes-notice";
import { TableDangerZone } from "./table-danger-zone";

const newColumn = (name: string, sql: string, patch: Partial<EditorColumn> = {}): EditorColumn => ({
  originalName: null,
  name,
  type: { sql, modifier: null, array: false },
  nullable: true,
  defaultKind: "none",
  defaultExpression: null,
  unique: false,
  primaryKey: false,
  using: null,
  comment: null,
  ...patch,
});

const newTable = (schema: string): EditorTable => ({
  schema,
  name: "",
  comment: null,
  columns: [
    newColumn("id", "bigint", { primaryKey: true, nullable: false, defaultKind: "identity_always" }),
    newColumn("created_at", "timestamp with time zone", {
      nullable: false,
      defaultKind: "expression",
      defaultExpression: "now()",
    }),
  ],
  checks: [],
  foreignKeys: [],
  indexes: [],
});

/**
 * New table and Edit table, in a panel from the right: name, schema, comment, columns, checks,
 * foreign keys and indexes; Review SQL shows the DDL it will run, editable, and Run applies it.
 */
export default function TableEditorPanel({
  dbId,
  table,
  schemaName,
  open,
  onOpenChange,
  onOpenTable,
}: {
  dbId: string;
  /** The table to edit; null for a new one. */
  table: OpenTable | null;
  /** A new table's schema to start with. */
  schemaName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenTable?: (table: OpenTable) => void;
}) {
  const { t } = useLingui();
  const types = useQuery(catalogTypesQuery(dbId));
  const loaded = useQuery({
    ...editorTableQuery(dbId, table?.schemaName ?? "", table?.tableName ?? ""),
    enabled: table !== null,
  });
  return (
    <SideDrawer
      open={open}
      onOpenChange={onOpenChange}
      side="right"
      title={table ? t`Edit table ${table.tableName}` : t`New table`}
      closeLabel={t`Close table editor`}
      className="w-[min(48rem,100vw)]"
    >
      {types.isError || loaded.isError ? (
        <ErrorNote error={types.error ?? loaded.error} />
      ) : !types.data || (table && !loaded.data) ? (
        <p className="p-3 text-sm text-slate-400">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <TableForm
          key={loaded.data?.version ?? "new"}
          dbId={dbId}
          loaded={table ? (loaded.data ?? null) : null}
          initial={loaded.data?.table ?? newTable(schemaName ?? "public")}
          types={types.data}
          onDone={(result) => {
            onOpenChange(false);
            if (result) onOpenTable?.(result);
          }}
        />
      )}
    </SideDrawer>
  );
}

function ErrorNote({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <p role="alert" className="p-3 text-sm text-red-300">
      {errorText(i18n, error)}
    </p>
  );
}

function TableForm({
  dbId,
  loaded,
  initial,
  types,
  onDone,
}: {
  dbId: string;
  loaded: EditorTableResponse | null;
  initial: EditorTable;
  types: CatalogTypesResponse;
  onDone: (opened: OpenTable | null) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const schema = useQuery(schemaQuery(dbId));
  const [form, setForm] = useState(initial);
  const [revision, setRevision] = useState(0);
  const [failure, setFailure] = useState<ReviewFailure | null>(null);
  const [changed, setChanged] = useState(false);

  const update = useCallback((change: (table: EditorTable) => EditorTable) => {
    setForm(change);
    setRevision((n) => n + 1);
  }, []);
  const setColumn = useCallback(
    (index: number, column: EditorColumn) =>
      update((x) => ({ ...x, columns: x.columns.map((c, i) => (i === index ? column : c)) })),
    [update],
  );
  const removeColumn = useCallback(
    (index: number) => update((x) => ({ ...x, columns: x.columns.filter((_, i) => i !== index) })),
    [update],
  );
  const errorFor = (field: string) =>
    failure && failure.field !== null && (failure.field === field || failure.field.startsWith(`${field}.`))
      ? failure.message
      : null;
  const tables = useMemo<TableChoice[]>(
    () =>
      (schema.data?.schemas ?? []).flatMap((s) =>
        s.tables
          .filter((x) => x.kind === "table" || x.kind === "partitioned_table")
          .map((x) => ({ schema: s.name, table: x.name, columns: x.columns.map((c) => c.name) })),
      ),
    [schema.data],
  );
  const complete = form.name.trim() !== "" && form.columns.every((c) => c.name.trim() !== "");

  return (
    <form className="grid gap-4 p-3" onSubmit={(event) => event.preventDefault()}>
      {changed && loaded && (
        <StructureChangesNotice
          dbId={dbId}
          loaded={loaded.table}
          onReload={() => queryClient.invalidateQueries({ queryKey: ["db", dbId, "schema-editor", "table"] })}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1">
          <label htmlFor="table-name" className="text-sm text-slate-200">
            <Trans>Table name</Trans>
          </label>
          <Input
            id="table-name"
            value={form.name}
            autoComplete="off"
            aria-invalid={errorFor("name") ? true : undefined}
            onChange={(e) => update((x) => ({ ...x, name: e.target.value }))}
          />
          <FieldError message={errorFor("name")} />
        </div>
        <div className="grid gap-1">
          <label htmlFor="table-schema" className="text-sm text-slate-200">
            <Trans>Schema</Trans>
          </label>
          <select
            id="table-schema"
            className="h-9 rounded-md border border-white/10 bg-slate-900 px-2 text-sm text-slate-100"
            value={form.schema}
            onChange={(e) => update((x) => ({ ...x, schema: e.target.value }))}
          >
            {(types.schemas.includes(form.schema) ? types.schemas : [form.schema, ...types.schemas]).map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <FieldError message={errorFor("schema")} />
        </div>
        <div className="grid gap-1 sm:col-span-2">
          <label htmlFor="table-comment" className="text-sm text-slate-200">
            <Trans>Comment</Trans>
          </label>
          <Input
            id="table-comment"
            value={form.comment ?? ""}
            onChange={(e) => update((x) => ({ ...x, comment: e.target.value || null }))}
          />
          <FieldError message={errorFor("comment")} />
        </div>
      </div>
      <section className="grid gap-2" aria-labelledby="columns-heading">
        <div className="flex items-center justify-between">
          <h3 id="columns-heading" className="text-sm font-semibold text-slate-200">
            <Trans>Columns</Trans>
          </h3>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => update((x) => ({ ...x, columns: [...x.columns, newColumn("", "text")] }))}
          >
            <Plus aria-hidden="true" />
            <Trans>Add column</Trans>
          </Button>
        </div>
        {form.columns.map((column, index) => (
          <ColumnCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a column's name is what is being edited; its place is stable
            key={index}
            index={index}
            column={column}
            types={types.types}
            error={errorFor(`columns.${index}`)}
            onChange={setColumn}
            onRemove={removeColumn}
          />
        ))}
        <FieldError message={errorFor("columns")} />
      </section>
      <ChecksSection table={form} onTable={update} errorFor={errorFor} />
      <ForeignKeysSection table={form} onTable={update} errorFor={errorFor} tables={tables} />
      <IndexesSection table={form} onTable={update} errorFor={errorFor} />
      {!complete && (
        <p className="text-sm text-slate-400">
          <Trans>Give the table and every column a name to review the SQL.</Trans>
        </p>
      )}
      <SqlReview
        key={revision}
        dbId={dbId}
        change={() =>
          !complete
            ? null
            : loaded
              ? { op: "alter_table", schema: loaded.table.schema, table: loaded.table.name, target: form }
              : { op: "create_table", table: form }
        }
        expected={loaded ? { schema: loaded.table.schema, table: loaded.table.name, version: loaded.version } : null}
        onFailure={(next) => {
          setFailure(next);
          setChanged(false);
        }}
        onConflict={() => setChanged(true)}
        onApplied={() => onDone({ schemaName: form.schema, tableName: form.name })}
        runLabel={loaded ? t`Apply changes` : t`Create table`}
      />
      {loaded && (
        <TableDangerZone dbId={dbId} loaded={loaded} onDone={() => onDone(null)} onConflict={() => setChanged(true)} />
      )}
    </form>
  );
}
