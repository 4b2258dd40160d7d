// Schema diagram (issue 36): the layout alone (`layoutDiagram`, dagre) of the made-up schema the
// browser benchmark draws (db-diagram.bench.ts), in Node, as CPU time: the part of "schema to
// painted diagram" that does not depend on the browser, and the one a ranker choice changes.

import { layoutDiagram } from "../../src/features/database/diagram/diagram-layout.ts";
import { buildDiagramModel, defaultDiagramSchemas } from "../../src/features/database/diagram/diagram-model.ts";
import { syntheticSchema } from "../../src/features/database/diagram/synthetic-schema.ts";
import type { BenchResult, BenchSuite } from "./harness.ts";

const RUNS = 15;

function measure(tables: number, keys: number): BenchResult[] {
  const schema = syntheticSchema(tables, keys);
  const model = buildDiagramModel(schema, defaultDiagramSchemas(schema));
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    layoutDiagram(model);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const cold = cpu[0] ?? 0;
  const sorted = [...cpu].sort((a, b) => a - b);
  const median = sorted[Math.floor(RUNS / 2)] ?? 0;
  return [
    {
      name: `${tables} tables, ${keys} foreign keys: layout CPU time`,
      value: median,
      unit: "ms",
      notes: `median of ${RUNS}; cold ${cold.toFixed(0)} ms, range ${sorted[0]?.toFixed(0)}–${sorted.at(-1)?.toFixed(0)} ms`,
    },
  ];
}

export default {
  name: "Schema diagram layout (CPU time in Node)",
  async run() {
    return [...measure(50, 75), ...measure(200, 300)];
  },
} satisfies BenchSuite;
