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
import { ScrollRegion } from "@/components/ui/scroll-region";
import { notify } from "@/lib/notify";
import { databaseErrorText } from "../database-errors";
import { structureQuery } from "../structure/structure-api";
import { type Delimiter, defaultMapping, importCsv, previewCsv } from "./import-api";

const field = "h-8 min-w-0 rounded border border-slate-700 bg-slate-800 px-2 text-sm text-slate-100";
const PREVIEW_SHOWN = 5;

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
  initialTable,
  onImported,
}: {
  dbId: string;
  schemaName: string;
  /** The schema's tables, for the existing-table choice. */
  tables: string[];
  initialTable?: string;
  onImported?: (tableName: string) => void;
}) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter | "">("");
  const [header, setHeader] = useState(true);
  const [mode, setMode] = useState<"existing" | "new">(tables.length ? "existing" : "new");
  const [tableName, setTableName] = useState(initialTable ?? tables[0] ?? "");
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
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        <Trans>Import CSV</Trans>
      </Button>
      <DialogContent wide closeLabel={t`Close`}>
        <DialogHeader>
          <DialogTitle>
            <Trans>Import a CSV file</Trans>
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
            <label className="flex items-center gap-2">
              <span className="text-slate-300">
                <Trans>Delimiter</Trans>
              </span>
              <select
                className={field}
                value={delimiter}
                onChange={(event) => {
                  const next = event.target.value as Delimiter | "";
                  setDelimiter(next);
                  if (file) choose(file, { delimiter: next, header });
                }}
              >
                <option value="">{t`Detect`}</option>
                <option value=",">{t`Comma`}</option>
                <option value=";">{t`Semicolon`}</option>
                <option value={"\t"}>{t`Tab`}</option>
                <option value="|">{t`Pipe`}</option>
              </select>
            </label>
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
              {databaseErrorText(i18n, preview.error)}
            </p>
          )}
          {preview.data && (
            <>
              <ScrollRegion label={t`Preview`} className="max-h-48 overflow-auto rounded border border-slate-800">
                <table className="text-left text-xs">
                  <caption className="sr-only">{t`First rows of the file`}</caption>
                  <thead className="bg-slate-800 text-slate-300">
                    <tr>
                      {preview.data.columns.map((c) => (
                        <th key={c.name} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                          {c.name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {preview.data.rows.slice(0, PREVIEW_SHOWN).map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity but their place
                      <tr key={r} className="border-t border-slate-800">
                        {row.map((value, c) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                          <td key={c} className="max-w-[12rem] truncate px-2 py-1 text-slate-200">
                            {value ?? <span className="text-slate-500">NULL</span>}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
              <fieldset className="flex flex-wrap gap-4">
                <legend className="mb-1 text-slate-300">
                  <Trans>Import into</Trans>
                </legend>
                <label className="flex items-center gap-2 text-slate-200">
                  <input
                    type="radio"
                    name={`${id}-mode`}
                    checked={mode === "existing"}
                    disabled={tables.length === 0}
                    onChange={() => setMode("existing")}
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
                  <label className="flex items-center gap-2">
                    <span className="text-slate-300">
                      <Trans>Table</Trans>
                    </span>
                    <select
                      className={field}
                      value={tableName}
                      onChange={(event) => {
                        setTableName(event.target.value);
                        setMapping([]);
                      }}
                    >
                      {tables.map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </label>
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
                      // biome-ignore lint/suspicious/noArrayIndexKey: one entry per CSV column, by position
                      <li key={i} className="flex flex-wrap items-center gap-2">
                        <input
                          aria-label={t`Name of column ${i + 1}`}
                          className={`${field} w-40`}
                          value={column.name}
                          maxLength={63}
                          onChange={(event) =>
                            setColumns((all) => all.map((c, j) => (j === i ? { ...c, name: event.target.value } : c)))
                          }
                        />
                        <select
                          aria-label={t`Type of column ${i + 1}`}
                          className={field}
                          value={column.type}
                          onChange={(event) =>
                            setColumns((all) =>
                              all.map((c, j) => (j === i ? { ...c, type: event.target.value as ImportColumnType } : c)),
                            )
                          }
                        >
                          {IMPORT_COLUMN_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {type}
                            </option>
                          ))}
                        </select>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          )}
          {run.isError && (
            <p role="alert" className="break-words text-red-300">
              {databaseErrorText(i18n, run.error)}
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
  return (
    <ul className="flex flex-col gap-1" aria-label={t`Column mapping`}>
      {csvColumns.map((name, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one entry per CSV column, by position
        <li key={i} className="flex flex-wrap items-center gap-2">
          <span className="w-40 truncate font-mono text-xs text-slate-200">{name}</span>
          <span aria-hidden="true" className="text-slate-500">
            →
          </span>
          <select
            aria-label={t`Table column for ${name}`}
            className={field}
            value={mapping[i] ?? ""}
            onChange={(event) =>
              onChange(csvColumns.map((_, j) => (j === i ? event.target.value || null : (mapping[j] ?? null))))
            }
          >
            <option value="">{t`(skip)`}</option>
            {tableColumns.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </li>
      ))}
    </ul>
  );
}
