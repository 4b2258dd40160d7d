import type { ImportPreview } from "@contract/db-import";
import { IMPORT_COLUMN_TYPES, type ImportColumnType } from "@contract/db-import-values";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { structureQuery } from "../structure/structure-api";
import { type Delimiter, defaultMapping, importCsv, previewCsv } from "./import-api";
import { ColumnLine, field, LabelledSelect, PreviewTable } from "./import-parts";

const PREVIEW_SHOWN = 5;
const typeChoices = IMPORT_COLUMN_TYPES.map((type) => ({ value: type, label: type }));

/** A table name from a file name: `Sales 2024.csv` → `sales_2024`. */
const tableNameOf = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 63) || "imported";

/**
 * Imports a CSV file: the server previews its first rows and proposes a type per column; the rows
 * go into an existing table (each CSV column mapped to a table column or skipped) or a new one
 * (names and types editable). All rows go in or none; a refused row is named by its line.
 */
export function ImportDialog({
  dbId,
  schemaName,
  tables,
  onScreen,
  onImported,
}: {
  dbId: string;
  schemaName: string;
  /** The schema's tables, for the existing-table choice (empty while the list loads). */
  tables: string[];
  /** The table on screen: the target each time the dialog opens, known before the list is. */
  onScreen?: string;
  onImported?: (tableName: string) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter | "">("");
  const [header, setHeader] = useState(true);
  const [mode, setMode] = useState<"existing" | "new">("new");
  const [tableName, setTableName] = useState("");
  const [newName, setNewName] = useState("");
  const [mapping, setMapping] = useState<Array<string | null>>([]);
  const [columns, setColumns] = useState<Array<{ name: string; type: ImportColumnType }>>([]);

  const target = useQuery({
    ...structureQuery(dbId, schemaName, tableName),
    enabled: open && mode === "existing" && tableName !== "",
  });
  const tableColumns = (target.data?.columns ?? []).filter((c) => c.identity !== "always" && c.generated === null);

  const preview = useMutation({
    mutationFn: (options: { file: File; delimiter: Delimiter | ""; header: boolean }) =>
      previewCsv(dbId, options.file, { delimiter: options.delimiter || undefined, header: options.header }),
    onSuccess: (answer: ImportPreview) => {
      setColumns(answer.columns);
      setMapping([]);
    },
  });
  // Until the user picks, each CSV column goes where its name says (the table's columns may load later).
  const csvNames = preview.data?.columns.map((c) => c.name) ?? [];
  const effectiveMapping = mapping.length
    ? mapping
    : defaultMapping(
        csvNames,
        tableColumns.map((c) => c.name),
      );
  const run = useMutation({
    mutationFn: () => {
      if (!file || !preview.data) throw new Error("no file");
      const options = { delimiter: preview.data.delimiter, header };
      return importCsv(
        dbId,
        file,
        schemaName,
        options,
        mode === "existing"
          ? { kind: "existing", tableName, mapping: effectiveMapping }
          : { kind: "new", tableName: newName, columns },
      );
    },
    onSuccess: async (result) => {
      notify.success(t`Imported ${result.rows} rows into ${result.tableName}.`);
      await queryClient.invalidateQueries({ queryKey: ["db", dbId] });
      setOpen(false);
      onImported?.(result.tableName);
    },
  });

  const choose = (next: File | null, options = { delimiter, header }) => {
    setFile(next);
    run.reset();
    if (!next) return preview.reset();
    setNewName(tableNameOf(next.name));
    preview.mutate({ file: next, ...options });
  };
  // The target is chosen at each opening, not at the first render: a page opened by link renders
  // before the schema's table list arrives, and the table on screen may have changed since.
  const openDialog = () => {
    setFile(null);
    preview.reset();
    run.reset();
    setMode(onScreen ? "existing" : "new");
    setTableName(onScreen ?? "");
    setMapping([]);
    setOpen(true);
  };
  const choices = tableName && !tables.includes(tableName) ? [tableName, ...tables] : tables;
  const ready =
    preview.isSuccess &&
    (mode === "existing" ? tableName !== "" && effectiveMapping.some((m) => m !== null) : newName.trim() !== "");

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setFile(null);
          preview.reset();
          run.reset();
        }
      }}
    >
      <Button variant="outline" size="sm" onClick={openDialog}>
        <Upload aria-hidden="true" />
        <Trans>Import CSV</Trans>
      </Button>
      <DialogContent wide closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            {mode === "existing" && tableName ? (
              <Trans>Import a CSV file into {tableName}</Trans>
            ) : (
              <Trans>Import a CSV file into a new table</Trans>
            )}
          </DialogTitle>
          <DialogDescription>
            <Trans>All rows are imported in one transaction: if one is refused, none is written.</Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 text-sm">
          <label className="flex flex-col gap-1">
            <span className="text-slate-300">
              <Trans>CSV file</Trans>
            </span>
            <input
              type="file"
              accept=".csv,.tsv,.txt,text/csv,text/plain"
              className="text-sm text-slate-200 file:mr-2 file:rounded file:border-0 file:bg-slate-700 file:px-2 file:py-1 file:text-slate-100"
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <LabelledSelect
              label={<Trans>Delimiter</Trans>}
              value={delimiter}
              choices={[
                { value: "", label: t`Detect` },
                { value: ",", label: t`Comma` },
                { value: ";", label: t`Semicolon` },
                { value: "\t", label: t`Tab` },
                { value: "|", label: t`Pipe` },
              ]}
              onChange={(value) => {
                const next = value as Delimiter | "";
                setDelimiter(next);
                if (file) choose(file, { delimiter: next, header });
              }}
            />
            <label className="flex items-center gap-2 text-slate-300">
              <input
                type="checkbox"
                checked={header}
                onChange={(event) => {
                  setHeader(event.target.checked);
                  if (file) choose(file, { delimiter, header: event.target.checked });
                }}
              />
              <Trans>First line is the header</Trans>
            </label>
          </div>
          {preview.isPending && (
            <p role="status" className="text-slate-400">
              <Trans>Reading the file…</Trans>
            </p>
          )}
          {preview.isError && (
            <p role="alert" className="text-red-300">
              {errorText(i18n, preview.error)}
            </p>
          )}
          {preview.data && (
            <>
              <PreviewTable preview={preview.data} shown={PREVIEW_SHOWN} />
              <fieldset className="flex flex-wrap gap-4">
                <legend className="mb-1 text-slate-300">
                  <Trans>Import into</Trans>
                </legend>
                <label className="flex items-center gap-2 text-slate-200">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={mode === "existing"}
                    disabled={choices.length === 0}
                    onChange={() => {
                      setMode("existing");
                      if (!tableName) setTableName(choices[0] ?? "");
                    }}
                  />
                  <Trans>An existing table</Trans>
                </label>
                <label className="flex items-center gap-2 text-slate-200">
                  <input type="radio" name={`${id}-mode`} checked={mode === "new"} onChange={() => setMode("new")} />
                  <Trans>A new table</Trans>
                </label>
              </fieldset>
              {mode === "existing" ? (
                <div className="flex flex-col gap-2">
                  <LabelledSelect
                    label={<Trans>Table</Trans>}
                    value={tableName}
                    choices={choices.map((name) => ({ value: name, label: name }))}
                    onChange={(name) => {
                      setTableName(name);
                      setMapping([]);
                    }}
                  />
                  <MappingTable
                    csvColumns={preview.data.columns.map((c) => c.name)}
                    tableColumns={tableColumns.map((c) => c.name)}
                    mapping={effectiveMapping}
                    onChange={setMapping}
                  />
                </div>
              ) : (
                <div className="flex flex-col gap-2">
                  <label className="flex items-center gap-2">
                    <span className="text-slate-300">
                      <Trans>Table name</Trans>
                    </span>
                    <input
                      className={field}
                      value={newName}
                      maxLength={63}
                      onChange={(event) => setNewName(event.target.value)}
                    />
                  </label>
                  <ul className="flex flex-col gap-1">
                    {columns.map((column, i) => (
                      <ColumnLine
                        // biome-ignore lint/suspicious/noArrayIndexKey: one entry per CSV column, by position
                        key={i}
                        label={t`Type of column ${i + 1}`}
                        value={column.type}
                        choices={typeChoices}
                        onChange={(type) =>
                          setColumns((all) =>
                            all.map((c, j) => (j === i ? { ...c, type: type as ImportColumnType } : c)),
                          )
                        }
                      >
                        <input
                          aria-label={t`Name of column ${i + 1}`}
                          className={`${field} w-40`}
                          value={column.name}
                          maxLength={63}
                          onChange={(event) =>
                            setColumns((all) => all.map((c, j) => (j === i ? { ...c, name: event.target.value } : c)))
                          }
                        />
                      </ColumnLine>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
          {run.isError && (
            <p role="alert" className="break-words text-red-300">
              {errorText(i18n, run.error)}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button disabled={!ready || run.isPending} onClick={() => run.mutate()}>
            {run.isPending ? <Trans>Importing…</Trans> : <Trans>Import</Trans>}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function MappingTable({
  csvColumns,
  tableColumns,
  mapping,
  onChange,
}: {
  csvColumns: string[];
  tableColumns: string[];
  mapping: Array<string | null>;
  onChange: (mapping: Array<string | null>) => void;
}) {
  const { t } = useLingui();
  const choices = [{ value: "", label: t`(skip)` }, ...tableColumns.map((c) => ({ value: c, label: c }))];
  return (
    <ul className="flex flex-col gap-1" aria-label={t`Column mapping`}>
      {csvColumns.map((name, i) => (
        <ColumnLine
          // biome-ignore lint/suspicious/noArrayIndexKey: one entry per CSV column, by position
          key={i}
          label={t`Table column for ${name}`}
          value={mapping[i] ?? ""}
          choices={choices}
          onChange={(value) => onChange(csvColumns.map((_, j) => (j === i ? value || null : (mapping[j] ?? null))))}
        >
          <span className="w-40 truncate font-mono text-xs text-slate-200">{name}</span>
          <span aria-hidden="true" className="text-slate-500">
            →
          </span>
        </ColumnLine>
      ))}
    </ul>
  );
}
