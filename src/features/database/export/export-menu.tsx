import type { ExportFormat } from "@contract/db-export";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { saveBlob } from "@/lib/download";
import { errorText } from "@/lib/errors/error-text";
import { notify } from "@/lib/notify";
import { rowsToCsv } from "../export-rows";
import { rowsToMarkdown } from "./markdown";
import { type ExportSource, exportFromServer } from "./server-export";

/**
 * Export of what is shown: the whole table or query result from the server (streamed, every row,
 * filtered and sorted as the grid), and the grid's own rows as Markdown or CSV, saved or copied.
 */
export function ExportMenu({
  dbId,
  source,
  grid,
  name,
}: {
  dbId: string;
  source: ExportSource;
  /** The rows on screen: what Markdown and the clipboard take. */
  grid: { columns: string[]; rows: unknown[][] };
  /** The file name for the grid's own exports, without extension. */
  name: string;
}) {
  const { t, i18n } = useLingui();
  const whole = useMutation({
    mutationFn: (format: ExportFormat) => exportFromServer(dbId, source, format),
    onError: (error) => notify.error(errorText(i18n, error)),
  });
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t`Copied ${grid.rows.length} rows to the clipboard.`);
    } catch {
      notify.error(t`The clipboard could not be written.`);
    }
  };
  const formats: Array<[ExportFormat, string]> = [
    ["csv", t`CSV`],
    ["json", t`JSON`],
    ["sql", t`SQL INSERT statements`],
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={whole.isPending}>
          <Download aria-hidden="true" />
          {whole.isPending ? <Trans>Exporting…</Trans> : <Trans>Export</Trans>}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          {source.kind === "table" ? <Trans>Every row of the table</Trans> : <Trans>The whole result</Trans>}
        </DropdownMenuLabel>
        {formats.map(([format, label]) => (
          <DropdownMenuItem key={format} onSelect={() => whole.mutate(format)}>
            {label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>
          <Trans>Rows shown ({grid.rows.length})</Trans>
        </DropdownMenuLabel>
        <DropdownMenuItem
          onSelect={() =>
            saveBlob(`${name}.md`, new Blob([rowsToMarkdown(grid.columns, grid.rows)], { type: "text/markdown" }))
          }
        >
          <Trans>Markdown file</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy(rowsToMarkdown(grid.columns, grid.rows))}>
          <Trans>Copy as Markdown</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy(rowsToCsv(grid.columns, grid.rows))}>
          <Trans>Copy as CSV</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
