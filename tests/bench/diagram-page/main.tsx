// The schema diagram alone, for tests/bench/db-diagram.bench.ts: the page gets a schema and
// reports how long it takes from there to the drawn diagram, and how long one panning step takes.
import type { DatabaseSchemaResponse } from "@contract/databases";
import { i18n } from "@lingui/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { databaseKeys } from "@/features/database/api";
import SchemaDiagram from "@/features/database/diagram/schema-diagram";
import { syntheticSchema } from "@/features/database/diagram/synthetic-schema";
import { messages } from "../../../locales/en/areas.po";
import "./bench.css";
import { afterPaint, mountBenchPage } from "../page-kit";

declare global {
  interface Window {
    /** Shows the diagram of a made-up schema; answers ms from then until the frame with it was painted. */
    benchDiagram(tables: number, foreignKeys: number): Promise<number>;
    /** Pans by one pointer move of 5 px; answers ms from the move until the frame was painted. */
    benchPan(step: number): Promise<number>;
    benchClear(): Promise<void>;
  }
}

i18n.loadAndActivate({ locale: "en", messages: messages as never });
const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
let show: (key: string | null) => void = () => {};

function App() {
  const [key, setKey] = useState<string | null>(null);
  show = setKey;
  return (
    <div className="flex h-[780px] w-[1260px] flex-col p-3">
      {key && <SchemaDiagram key={key} dbId={key} databaseName="bench" onOpen={() => {}} />}
    </div>
  );
}

let runs = 0;
window.benchDiagram = async (tables, foreignKeys) => {
  const schema: DatabaseSchemaResponse = syntheticSchema(tables, foreignKeys);
  const key = `bench-${runs++}`;
  client.setQueryData(databaseKeys.schema(key), schema);
  const started = performance.now();
  show(key);
  // Laid out and rendered with the commit; the fit follows its size, measured an effect later.
  while (document.querySelectorAll("svg[data-zoom] a").length < tables) await new Promise((r) => setTimeout(r, 0));
  return (await afterPaint()) - started;
};

let pointer = { x: 600, y: 400 };
window.benchPan = async (step) => {
  const svg = document.querySelector("svg[data-zoom]");
  if (!svg) throw new Error("no diagram");
  const fire = (type: string, x: number, y: number) =>
    svg.dispatchEvent(
      new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerId: 1, button: 0, isPrimary: true }),
    );
  if (step === 0) {
    pointer = { x: 600, y: 400 };
    fire("pointerdown", pointer.x, pointer.y);
  }
  const started = performance.now();
  pointer = { x: pointer.x + 5, y: pointer.y + 2 };
  fire("pointermove", pointer.x, pointer.y);
  return (await afterPaint()) - started;
};

window.benchClear = async () => {
  document
    .querySelector("svg[data-zoom]")
    ?.dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerId: 1 }));
  show(null);
  await afterPaint();
};

mountBenchPage(
  <QueryClientProvider client={client}>
    <App />
  </QueryClientProvider>,
);
