import { Graph, layout } from "@dagrejs/dagre";
import type { DiagramModel, DiagramTable } from "./diagram-model";

/** Columns drawn in a box; the rest are counted in a last row ("+ 12 more"), the list has them all. */
export const MAX_ROWS = 24;
export const HEADER_HEIGHT = 28;
export const ROW_HEIGHT = 18;
const PADDING = 6;
/** A conservative average advance of the 12 px sans and mono fonts, so text fits its box. */
export const CHAR_WIDTH = 7;
export const MIN_WIDTH = 160;
export const MAX_WIDTH = 340;
const GAP = 48;

export interface Point {
  x: number;
  y: number;
}
export interface PlacedTable {
  table: DiagramTable;
  /** Top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PlacedEdge {
  id: string;
  from: string;
  to: string;
  points: Point[];
}
export interface DiagramLayout {
  width: number;
  height: number;
  tables: PlacedTable[];
  edges: PlacedEdge[];
}

/** The rows a box shows: its columns up to MAX_ROWS, one of them the "more" row when cut. */
export const shownRows = (table: DiagramTable) =>
  table.columns.length > MAX_ROWS ? MAX_ROWS : Math.max(table.columns.length, 1);

export function boxSize(table: DiagramTable): { width: number; height: number } {
  const title = (table.tableName.length + 4) * CHAR_WIDTH;
  const rows = table.columns.map((c) => (c.name.length + c.type.length + 6) * CHAR_WIDTH);
  const width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, title, ...rows));
  return { width, height: HEADER_HEIGHT + shownRows(table) * ROW_HEIGHT + PADDING };
}

/**
 * Places the boxes: each group of tables joined by foreign keys is laid out by dagre (layered, the
 * referencing tables left of those they reference), then the groups, largest first, are packed in
 * rows about as wide as the whole is tall. One dagre run over everything would put the many
 * unrelated tables of a big schema in one endless column.
 */
export function layoutDiagram(model: DiagramModel): DiagramLayout {
  const sizes = new Map(model.tables.map((t) => [t.id, boxSize(t)]));
  const groups = connectedGroups(model);
  const laidOut = groups.map((group) => layoutGroup(group, model, sizes));
  laidOut.sort((a, b) => b.height - a.height || b.width - a.width);

  const area = laidOut.reduce((sum, g) => sum + (g.width + GAP) * (g.height + GAP), 0);
  const rowWidth = Math.max(Math.sqrt(area) * 1.4, ...laidOut.map((g) => g.width));
  const tables: PlacedTable[] = [];
  const edges: PlacedEdge[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const g of laidOut) {
    if (x > 0 && x + g.width > rowWidth) {
      x = 0;
      y += rowHeight + GAP;
      rowHeight = 0;
    }
    for (const t of g.tables) tables.push({ ...t, x: t.x + x, y: t.y + y });
    for (const e of g.edges) edges.push({ ...e, points: e.points.map((p) => ({ x: p.x + x, y: p.y + y })) });
    width = Math.max(width, x + g.width);
    rowHeight = Math.max(rowHeight, g.height);
    x += g.width + GAP;
  }
  return { width, height: y + rowHeight, tables, edges };
}

/** Tables joined by foreign keys (either way), by union-find; a table without keys is a group of its own. */
function connectedGroups(model: DiagramModel): DiagramTable[][] {
  const parent = new Map(model.tables.map((t) => [t.id, t.id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const e of model.edges) parent.set(find(e.from), find(e.to));
  const groups = new Map<string, DiagramTable[]>();
  for (const t of model.tables) {
    const root = find(t.id);
    const list = groups.get(root) ?? [];
    list.push(t);
    groups.set(root, list);
  }
  return [...groups.values()];
}

interface LaidOutGroup {
  width: number;
  height: number;
  tables: PlacedTable[];
  edges: PlacedEdge[];
}

/**
 * dagre's default ranker (network simplex) gives the most compact layers but is what a big group
 * spends most of its layout time on; the tight-tree ranker halves the 200-table layout's CPU time
 * (docs/benchmarks.md, "Schema diagram") with layers a reader cannot tell apart at that size.
 */
export const NETWORK_SIMPLEX_MAX_TABLES = 60;
const rankerFor = (tables: number) => (tables > NETWORK_SIMPLEX_MAX_TABLES ? "tight-tree" : "network-simplex");

function layoutGroup(
  group: DiagramTable[],
  model: DiagramModel,
  sizes: Map<string, { width: number; height: number }>,
): LaidOutGroup {
  const only = group[0];
  if (group.length === 1 && only && !model.edges.some((e) => e.from === only.id)) {
    const size = sizes.get(only.id) ?? boxSize(only);
    return { ...size, tables: [{ table: only, x: 0, y: 0, ...size }], edges: [] };
  }
  const members = new Set(group.map((t) => t.id));
  const graph = new Graph({ multigraph: true });
  graph.setGraph({
    rankdir: "LR",
    ranker: rankerFor(group.length),
    nodesep: 28,
    ranksep: 72,
    edgesep: 12,
    marginx: 0,
    marginy: 0,
  });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const t of group) graph.setNode(t.id, { ...(sizes.get(t.id) ?? boxSize(t)) });
  const edges = model.edges.filter((e) => members.has(e.from));
  for (const e of edges) graph.setEdge(e.from, e.to, {}, e.id);
  layout(graph);
  const label = graph.graph();
  const tables = group.map((t) => {
    const node = graph.node(t.id);
    return {
      table: t,
      x: node.x - node.width / 2,
      y: node.y - node.height / 2,
      width: node.width,
      height: node.height,
    };
  });
  return {
    width: label.width ?? 0,
    height: label.height ?? 0,
    tables,
    edges: edges.map((e) => ({
      id: e.id,
      from: e.from,
      to: e.to,
      points: ((graph.edge(e.from, e.to, e.id)?.points ?? []) as Point[]).map((p) => ({ x: p.x, y: p.y })),
    })),
  };
}
