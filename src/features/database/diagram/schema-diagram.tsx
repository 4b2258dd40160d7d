import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Download, Maximize, ZoomIn, ZoomOut } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorText } from "@/lib/errors/error-text";
import { schemaQuery } from "../api";
import type { OpenTable } from "../schema-tree";
import { DETAIL_ZOOM, DiagramContent } from "./diagram-content";
import { downloadPng, downloadSvg } from "./diagram-export";
import { layoutDiagram, type PlacedTable } from "./diagram-layout";
import { DiagramList } from "./diagram-list";
import { buildDiagramModel, type DiagramTable, defaultDiagramSchemas } from "./diagram-model";
import { fitView, usePanZoom, zoomAt } from "./use-pan-zoom";

/**
 * The schema diagram (?view=diagram): the tables of the chosen schemas as boxes with their
 * columns, foreign keys as arrows from the referencing table to the referenced one, laid out by
 * dagre; a list shows the same for the keyboard and screen readers. Loaded on demand with dagre.
 */
export default function SchemaDiagram({
  dbId,
  databaseName,
  onOpen,
}: {
  dbId: string;
  databaseName: string;
  onOpen: (table: OpenTable) => void;
}) {
  const { t, i18n } = useLingui();
  const schema = useQuery(schemaQuery(dbId));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [filter, setFilter] = useState("");
  const [mode, setMode] = useState<"diagram" | "list">("diagram");
  const [exportError, setExportError] = useState<string | null>(null);
  const schemas = chosen ?? (schema.data ? defaultDiagramSchemas(schema.data) : []);
  const model = useMemo(
    () => (schema.data ? buildDiagramModel(schema.data, schemas, filter) : { tables: [], edges: [] }),
    [schema.data, schemas, filter],
  );
  const layout = useMemo(() => layoutDiagram(model), [model]);
  const open = (table: DiagramTable) => onOpen({ schemaName: table.schemaName, tableName: table.tableName });
  const fileName = `${databaseName || "database"}-${schemas.join("-")}`.replace(/[^\w.-]+/g, "_");

  const toggle = (name: string, on: boolean) =>
    setChosen(on ? [...new Set([...schemas, name])] : schemas.filter((s) => s !== name));

  const save = (kind: "svg" | "png") => {
    setExportError(null);
    const title = t`Schema diagram of ${databaseName}`;
    if (kind === "svg") downloadSvg(layout, title, fileName);
    else downloadPng(layout, title, fileName).catch((cause: unknown) => setExportError(String(cause)));
  };

  return (
    <section aria-label={t`Schema diagram`} className="flex min-h-0 min-w-0 flex-1 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          className="w-48"
          aria-label={t`Filter tables by name`}
          placeholder={t`Filter tables`}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {schema.data && schema.data.schemas.length > 1 && (
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-300">
            <legend className="sr-only">{t`Schemas`}</legend>
            {schema.data.schemas.map((s) => (
              <label key={s.name} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={schemas.includes(s.name)}
                  onChange={(event) => toggle(s.name, event.target.checked)}
                />
                {s.name}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset className="flex gap-1">
          <legend className="sr-only">{t`Show as`}</legend>
          <Button
            variant={mode === "diagram" ? "outline" : "ghost"}
            size="sm"
            aria-pressed={mode === "diagram"}
            onClick={() => setMode("diagram")}
          >
            <Trans>Diagram</Trans>
          </Button>
          <Button
            variant={mode === "list" ? "outline" : "ghost"}
            size="sm"
            aria-pressed={mode === "list"}
            onClick={() => setMode("list")}
          >
            <Trans>List</Trans>
          </Button>
        </fieldset>
        <div className="ml-auto flex gap-1">
          <Button variant="outline" size="sm" onClick={() => save("svg")} disabled={model.tables.length === 0}>
            <Download aria-hidden="true" />
            <Trans>SVG</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={() => save("png")} disabled={model.tables.length === 0}>
            <Download aria-hidden="true" />
            <Trans>PNG</Trans>
          </Button>
        </div>
      </div>
      <p className="text-xs text-slate-400" aria-live="polite">
        <Trans>
          {model.tables.length} tables, {model.edges.length} foreign keys
        </Trans>
      </p>
      {exportError && (
        <p role="alert" className="text-sm text-red-400">
          <Trans>The picture could not be made: {exportError}</Trans>
        </p>
      )}
      {schema.isPending && (
        <p className="text-sm text-slate-400">
          <Trans>Loading schema…</Trans>
        </p>
      )}
      {schema.isError && (
        <p role="alert" className="text-sm text-red-400">
          {errorText(i18n, schema.error)}
        </p>
      )}
      {schema.data &&
        (mode === "list" ? (
          <DiagramList model={model} onOpen={open} />
        ) : (
          <DiagramViewport dbId={dbId} layout={layout} onOpen={open} />
        ))}
    </section>
  );
}

function DiagramViewport({
  dbId,
  layout,
  onOpen,
}: {
  dbId: string;
  layout: ReturnType<typeof layoutDiagram>;
  onOpen: (table: DiagramTable) => void;
}) {
  const { t } = useLingui();
  const markerId = useId().replace(/:/g, "");
  const { ref, view, setView, handlers } = usePanZoom({ x: 16, y: 16, k: 1 });
  const box = useRef<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [selected, setSelected] = useState<string | undefined>(undefined);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A new drawing starts fitted, but never so small that its names cannot be read: a big schema
  // opens at its top-left corner instead (Fit shows it all).
  const measured = size.width > 0;
  const sizeNow = useRef(size);
  sizeNow.current = size;
  useEffect(() => {
    if (!measured) return;
    const fitted = fitView(layout, sizeNow.current);
    setView(fitted.k >= DETAIL_ZOOM ? fitted : { k: DETAIL_ZOOM, x: 16, y: 16 });
  }, [layout, measured, setView]);

  const zoomBy = (factor: number) => setView((v) => zoomAt(v, factor, size.width / 2, size.height / 2));

  const link = useMemo(
    () => ({
      href: (p: PlacedTable) =>
        `/db/${encodeURIComponent(dbId)}?${new URLSearchParams({
          view: "table",
          ...(p.table.schemaName === "public" ? {} : { schema: p.table.schemaName }),
          table: p.table.tableName,
        })}`,
      onOpen: (p: PlacedTable) => onOpen(p.table),
      // A table reached with Tab is brought into view and its keys highlighted.
      onFocus: (p: PlacedTable) => {
        setSelected(p.table.id);
        const element = ref.current;
        if (!element) return;
        const { width, height } = element.getBoundingClientRect();
        setView((v) => {
          const left = v.x + p.x * v.k;
          const top = v.y + p.y * v.k;
          const inside =
            left >= 0 && top >= 0 && left + p.width * v.k <= width && top + Math.min(p.height, 80) * v.k <= height;
          return inside ? v : { ...v, x: width / 2 - (p.x + p.width / 2) * v.k, y: height / 3 - p.y * v.k };
        });
      },
    }),
    [dbId, onOpen, ref, setView],
  );

  // Panning changes the view on every pointer move; the drawing only changes with its level of detail.
  const detail = view.k >= DETAIL_ZOOM;
  const zoomForNames = detail ? 1 : Math.round(view.k * 20) / 20;
  const content = useMemo(
    () => (
      <DiagramContent
        layout={layout}
        detail={detail}
        zoom={Math.max(zoomForNames, 0.05)}
        markerId={markerId}
        link={link}
        selected={selected}
      />
    ),
    [layout, detail, zoomForNames, markerId, link, selected],
  );

  return (
    <div ref={box} className="relative min-h-0 flex-1 overflow-hidden rounded-md border border-slate-800 bg-slate-950">
      {layout.tables.length === 0 ? (
        <p className="p-3 text-sm text-slate-400">
          <Trans>No tables to show.</Trans>
        </p>
      ) : (
        <svg
          ref={ref}
          aria-label={t`Schema diagram`}
          className="size-full cursor-grab touch-none select-none active:cursor-grabbing"
          data-zoom={view.k.toFixed(3)}
          {...handlers}
        >
          <g transform={`translate(${view.x},${view.y}) scale(${view.k})`}>{content}</g>
        </svg>
      )}
      <div className="absolute right-2 bottom-2 flex gap-1 rounded-md bg-slate-900/90 p-1">
        <Button variant="ghost" size="icon" aria-label={t`Zoom in`} title={t`Zoom in`} onClick={() => zoomBy(1.25)}>
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={t`Zoom out`} title={t`Zoom out`} onClick={() => zoomBy(0.8)}>
          <ZoomOut aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t`Fit to screen`}
          title={t`Fit to screen`}
          onClick={() => setView(fitView(layout, size))}
        >
          <Maximize aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
