import { memo } from "react";
import {
  CHAR_WIDTH,
  type DiagramLayout,
  HEADER_HEIGHT,
  MAX_ROWS,
  type PlacedTable,
  type Point,
  ROW_HEIGHT,
} from "./diagram-layout";

/** Colours as attributes, not classes: the exported SVG carries them without the page's CSS. */
export const COLORS = {
  background: "#020617",
  box: "#0f172a",
  header: "#1e293b",
  border: "#475569",
  name: "#f1f5f9",
  column: "#cbd5e1",
  type: "#94a3b8",
  primary: "#fcd34d",
  foreign: "#7dd3fc",
  edge: "#64748b",
  highlight: "#38bdf8",
} as const;
export const FONT = "ui-sans-serif, system-ui, sans-serif";
const MONO = "ui-monospace, SFMono-Regular, Menlo, monospace";

/** Below this zoom the boxes show their names alone, drawn large enough to read. */
export const DETAIL_ZOOM = 0.45;

export interface ContentProps {
  layout: DiagramLayout;
  /** Columns drawn, or names alone (zoomed far out). */
  detail: boolean;
  /** The zoom, for the size of the names when `detail` is off. */
  zoom: number;
  /** `id` of the arrow marker (one per diagram on the page). */
  markerId: string;
  /** Links to the tables; absent, plain groups (the exported picture). */
  link?: {
    href: (table: PlacedTable) => string;
    onOpen: (table: PlacedTable) => void;
    onFocus: (table: PlacedTable) => void;
  };
  /** The table whose foreign keys are drawn highlighted. */
  selected?: string;
}

const cut = (text: string, room: number) => {
  const fits = Math.max(1, Math.floor(room / CHAR_WIDTH));
  return text.length > fits ? `${text.slice(0, fits - 1)}…` : text;
};

/**
 * The drawing itself: edges under boxes. Memoised, so panning (which changes only the transform
 * of the group around it) does not render 200 boxes again.
 */
export const DiagramContent = memo(function DiagramContent({
  layout,
  detail,
  zoom,
  markerId,
  link,
  selected,
}: ContentProps) {
  return (
    <>
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill={COLORS.edge} />
        </marker>
      </defs>
      <g fill="none" strokeWidth={1.5}>
        {layout.edges.map((e) => {
          const on = selected !== undefined && (e.from === selected || e.to === selected);
          return (
            <path
              key={e.id}
              d={pathOf(e.points)}
              stroke={on ? COLORS.highlight : COLORS.edge}
              strokeWidth={on ? 2.5 : 1.5}
              markerEnd={`url(#${markerId})`}
            />
          );
        })}
      </g>
      {layout.tables.map((placed) => {
        const box = detail ? <DetailedBox placed={placed} /> : <NameBox placed={placed} zoom={zoom} />;
        if (!link) return <g key={placed.table.id}>{box}</g>;
        return (
          <a
            key={placed.table.id}
            href={link.href(placed)}
            className="diagram-table"
            data-table={placed.table.id}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              link.onOpen(placed);
            }}
            onFocus={() => link.onFocus(placed)}
          >
            {box}
          </a>
        );
      })}
    </>
  );
});

function Frame({ placed, children }: { placed: PlacedTable; children?: React.ReactNode }) {
  return (
    <g transform={`translate(${placed.x},${placed.y})`}>
      <rect width={placed.width} height={placed.height} rx={6} fill={COLORS.box} stroke={COLORS.border} />
      {children}
    </g>
  );
}

function DetailedBox({ placed }: { placed: PlacedTable }) {
  const { table, width } = placed;
  const cutColumns = table.columns.length > MAX_ROWS;
  const rows = cutColumns ? table.columns.slice(0, MAX_ROWS - 1) : table.columns;
  const title = table.kind === "table" ? table.tableName : `${table.tableName} (${table.kind.replace("_", " ")})`;
  return (
    <Frame placed={placed}>
      <path
        d={`M0,${HEADER_HEIGHT} V6 a6,6 0 0 1 6,-6 H${width - 6} a6,6 0 0 1 6,6 V${HEADER_HEIGHT} z`}
        fill={COLORS.header}
      />
      <text x={10} y={18} fill={COLORS.name} fontFamily={FONT} fontSize={12} fontWeight={600}>
        {cut(title, width - 20)}
      </text>
      {/* The link's name is the table's name; its columns are in the list, where they are read in order. */}
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG <g> takes no focus. */}
      <g aria-hidden="true">
        {rows.map((c, i) => {
          const y = HEADER_HEIGHT + i * ROW_HEIGHT + 14;
          const typeText = cut(c.type, Math.max(40, width / 2 - 16));
          const marker = c.primaryKey ? "PK" : c.foreignKey ? "FK" : "";
          return (
            <g key={c.name}>
              {marker && (
                <text
                  x={8}
                  y={y}
                  fill={c.primaryKey ? COLORS.primary : COLORS.foreign}
                  fontFamily={MONO}
                  fontSize={9}
                  fontWeight={700}
                >
                  {marker}
                </text>
              )}
              <text
                x={26}
                y={y}
                fill={c.primaryKey ? COLORS.primary : c.foreignKey ? COLORS.foreign : COLORS.column}
                fontFamily={FONT}
                fontSize={12}
              >
                {cut(c.name, width - 36 - typeText.length * CHAR_WIDTH)}
              </text>
              <text x={width - 8} y={y} textAnchor="end" fill={COLORS.type} fontFamily={MONO} fontSize={11}>
                {typeText}
              </text>
            </g>
          );
        })}
        {cutColumns && (
          <text
            x={26}
            y={HEADER_HEIGHT + (MAX_ROWS - 1) * ROW_HEIGHT + 14}
            fill={COLORS.type}
            fontFamily={FONT}
            fontSize={12}
          >
            {`+ ${table.columns.length - rows.length} …`}
          </text>
        )}
      </g>
    </Frame>
  );
}

/** Zoomed far out: the name alone, sized to stay about 12 px on screen but inside its box. */
function NameBox({ placed, zoom }: { placed: PlacedTable; zoom: number }) {
  const { table, width, height } = placed;
  const size = Math.min(12 / zoom, (width - 12) / (Math.max(table.tableName.length, 4) * 0.6), height / 2);
  return (
    <Frame placed={placed}>
      <text
        x={width / 2}
        y={height / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fill={COLORS.name}
        fontFamily={FONT}
        fontSize={size}
        fontWeight={600}
      >
        {table.tableName}
      </text>
    </Frame>
  );
}

/** A path through dagre's points, bent smoothly through the middle ones. */
export function pathOf(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return "";
  if (rest.length < 2) return `M${first.x},${first.y}${rest.map((p) => ` L${p.x},${p.y}`).join("")}`;
  let d = `M${first.x},${first.y}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const control = rest[i] as Point;
    const next = rest[i + 1] as Point;
    const end = i === rest.length - 2 ? next : { x: (control.x + next.x) / 2, y: (control.y + next.y) / 2 };
    d += ` Q${control.x},${control.y} ${end.x},${end.y}`;
  }
  return d;
}
