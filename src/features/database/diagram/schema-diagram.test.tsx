// @vitest-environment happy-dom
import type { DatabaseSchemaResponse, TableInfo } from "@contract/databases";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { messages as de } from "../../../../locales/de/areas.po";
import { messages as en } from "../../../../locales/en/areas.po";
import { databaseKeys } from "../api";
import type { OpenTable } from "../schema-tree";
import { diagramSvgText, pngScale } from "./diagram-export";
import { layoutDiagram } from "./diagram-layout";
import { buildDiagramModel } from "./diagram-model";
import SchemaDiagram from "./schema-diagram";

const table = (name: string, columns: string[], keys: TableInfo["foreignKeys"] = []): TableInfo => ({
  name,
  kind: "table",
  estimatedRows: 0,
  columns: columns.map((c) => ({
    name: c,
    type: c === "id" ? "bigint" : "text",
    nullable: true,
    default: null,
    primaryKey: c === "id",
  })),
  indexes: [],
  foreignKeys: keys,
});
const schema: DatabaseSchemaResponse = {
  schemas: [
    {
      name: "public",
      tables: [
        table("customers", ["id", "name"]),
        table(
          "orders",
          ["id", "customer_id"],
          [
            {
              name: "orders_customer_fkey",
              columns: ["customer_id"],
              references: { schema: "public", table: "customers", columns: ["id"] },
            },
          ],
        ),
        table('a"; drop table x; --', ["id"]),
      ],
      functions: [],
      sequences: [],
    },
    { name: "billing", tables: [table("invoices", ["id"])], functions: [], sequences: [] },
  ],
};

beforeAll(() => {
  i18n.load({ en: en as never, de: de as never });
});
afterEach(cleanup);

/** The diagram over `schema`, as the page shows it: the schema query already answered. */
function show(locale: "en" | "de" = "en") {
  i18n.activate(locale);
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(databaseKeys.schema("db1"), schema);
  const opened: OpenTable[] = [];
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <SchemaDiagram dbId="db1" databaseName="shop" onOpen={(t) => opened.push(t)} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return opened;
}

describe("the schema diagram", () => {
  it("draws public's tables as links with their columns, and opens the one clicked", () => {
    const opened = show();
    expect(screen.getByText("3 tables, 1 foreign keys")).toBeTruthy();
    const link = screen.getByRole("link", { name: "orders" });
    expect(link.getAttribute("href")).toBe("/db/db1?view=table&table=orders");
    expect(within(link).getByText("customer_id")).toBeTruthy();
    expect(within(link).getByText("FK")).toBeTruthy();
    // A table's name is text in the drawing and in its link, never markup.
    const odd = screen.getByRole("link", { name: 'a"; drop table x; --' });
    expect(odd.getAttribute("href")).toBe(
      `/db/db1?${new URLSearchParams({ view: "table", table: 'a"; drop table x; --' })}`,
    );
    fireEvent.click(link);
    expect(opened).toEqual([{ schemaName: "public", tableName: "orders" }]);
  });

  it("filters by name and adds a schema when its box is ticked", () => {
    show();
    fireEvent.change(screen.getByRole("textbox", { name: "Filter tables by name" }), { target: { value: "ORD" } });
    expect(screen.getByText("1 tables, 0 foreign keys")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "customers" })).toBeNull();
    fireEvent.change(screen.getByRole("textbox", { name: "Filter tables by name" }), { target: { value: "" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "billing" }));
    expect(screen.getByRole("link", { name: "invoices" }).getAttribute("href")).toBe(
      "/db/db1?view=table&schema=billing&table=invoices",
    );
    expect(screen.getByText("4 tables, 1 foreign keys")).toBeTruthy();
  });

  it("shows the same as a list for the keyboard, in German too", () => {
    const opened = show("de");
    fireEvent.click(screen.getByRole("button", { name: "Liste" }));
    const list = screen.getByRole("list", { name: "Tabellen und ihre Beziehungen" });
    expect(within(list).getByText("customer_id verweist auf customers (id)")).toBeTruthy();
    expect(within(list).getByText("Referenziert von orders (customer_id)")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "public.customers" }).click());
    expect(opened).toEqual([{ schemaName: "public", tableName: "customers" }]);
  });
});

describe("the diagram's export", () => {
  it("is a standalone SVG with every table and column, names as text, and no links", () => {
    const layout = layoutDiagram(buildDiagramModel(schema, ["public", "billing"]));
    const text = diagramSvgText(layout, "Schema diagram of shop");
    const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
    expect(svg.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    expect(svg.querySelector("title")?.textContent).toBe("Schema diagram of shop");
    const texts = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).toEqual(
      expect.arrayContaining(["customers", "orders", "invoices", "customer_id", 'a"; drop table x; --']),
    );
    expect(svg.querySelectorAll("a")).toHaveLength(0);
    expect(svg.querySelectorAll("path[marker-end]")).toHaveLength(1);
    expect(Number(svg.getAttribute("width"))).toBeGreaterThan(layout.width);
  });

  it("keeps a big PNG within what a canvas can draw", () => {
    expect(pngScale(1000, 800)).toBe(2);
    expect(pngScale(20_000, 5_000) * 20_000).toBeLessThanOrEqual(16_000);
    const scale = pngScale(12_000, 12_000);
    expect(Math.floor(12_000 * scale) ** 2).toBeLessThanOrEqual(120_000_000);
  });
});
