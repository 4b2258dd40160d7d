/** One node of PostgreSQL's EXPLAIN (FORMAT JSON) plan, with what the plan view shows. */
export interface PlanNode {
  id: number;
  nodeType: string;
  /** "schema.table alias" for scans, the index for index scans, else null. */
  relation: string | null;
  startupCost: number;
  totalCost: number;
  planRows: number;
  /** ANALYZE only: rows per loop times loops, and the node's own time (children's excluded), ms. */
  actualRows: number | null;
  actualTotalMs: number | null;
  selfMs: number | null;
  /** The node's own cost (total minus its children's), for the estimate-only highlight. */
  selfCost: number;
  children: PlanNode[];
}

export interface ExplainedPlan {
  root: PlanNode;
  planningMs: number | null;
  executionMs: number | null;
  analyzed: boolean;
  /** The node with the largest own time (ANALYZE) or own cost (estimate). */
  mostExpensiveId: number;
}

type RawNode = Record<string, unknown> & { Plans?: RawNode[] };
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);

/** Reads the single `QUERY PLAN` value EXPLAIN (FORMAT JSON) returns (parsed json, or its text). */
export function readPlan(value: unknown): ExplainedPlan {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  const top = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined;
  const rawRoot = top?.Plan as RawNode | undefined;
  if (!rawRoot || typeof rawRoot["Node Type"] !== "string") throw new Error("not an EXPLAIN (FORMAT JSON) plan");
  let nextId = 0;
  const all: PlanNode[] = [];
  const build = (raw: RawNode): PlanNode => {
    const id = nextId++;
    const children = (raw.Plans ?? []).map(build);
    const loops = num(raw["Actual Loops"]) ?? 1;
    const actualTotal = num(raw["Actual Total Time"]);
    // PostgreSQL reports times per loop; the node's share is its loops' total minus its children's.
    const totalMs = actualTotal === null ? null : actualTotal * loops;
    const childMs = children.reduce((sum, child) => sum + (child.actualTotalMs ?? 0), 0);
    const childCost = children.reduce((sum, child) => sum + child.totalCost, 0);
    const totalCost = num(raw["Total Cost"]) ?? 0;
    const actualRowsPerLoop = num(raw["Actual Rows"]);
    const relationName = typeof raw["Relation Name"] === "string" ? raw["Relation Name"] : null;
    const schemaName = typeof raw.Schema === "string" ? `${raw.Schema}.` : "";
    const alias = typeof raw.Alias === "string" && raw.Alias !== relationName ? ` ${raw.Alias}` : "";
    const index = typeof raw["Index Name"] === "string" ? raw["Index Name"] : null;
    const node: PlanNode = {
      id,
      nodeType: raw["Node Type"] as string,
      relation: relationName ? `${schemaName}${relationName}${alias}${index ? ` (${index})` : ""}` : index,
      startupCost: num(raw["Startup Cost"]) ?? 0,
      totalCost,
      planRows: num(raw["Plan Rows"]) ?? 0,
      actualRows: actualRowsPerLoop === null ? null : actualRowsPerLoop * loops,
      actualTotalMs: totalMs,
      selfMs: totalMs === null ? null : Math.max(0, totalMs - childMs),
      selfCost: Math.max(0, totalCost - childCost),
      children,
    };
    all.push(node);
    return node;
  };
  const root = build(rawRoot);
  const analyzed = root.actualTotalMs !== null;
  const weight = (node: PlanNode) => (analyzed ? (node.selfMs ?? 0) : node.selfCost);
  const mostExpensive = all.reduce((best, node) => (weight(node) > weight(best) ? node : best), root);
  return {
    root,
    planningMs: num(top?.["Planning Time"]),
    executionMs: num(top?.["Execution Time"]),
    analyzed,
    mostExpensiveId: mostExpensive.id,
  };
}
