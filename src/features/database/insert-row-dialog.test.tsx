// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadAreaMessages } from "@/lib/area-messages";
import { i18n } from "@/lib/i18n";
import { InsertRowDialog } from "./insert-row-dialog";
import type { GridColumn } from "./result-grid";

const columns: GridColumn[] = [
  { name: "id", type: "integer", primaryKey: true, required: false },
  { name: "title", type: "text", required: true },
  { name: "note", type: "text", required: false },
];

afterEach(cleanup);

async function show(locale: "en" | "de", onAdd = vi.fn(), onOpenChange = vi.fn()) {
  i18n.activate(locale);
  await loadAreaMessages();
  render(
    <I18nProvider i18n={i18n}>
      <InsertRowDialog open columns={columns} onOpenChange={onOpenChange} onAdd={onAdd} />
    </I18nProvider>,
  );
  return { onAdd, onOpenChange };
}

describe("the insert-row form", () => {
  it("marks a column without a default that refuses NULL, and names it when left empty", async () => {
    const { onAdd, onOpenChange } = await show("en");
    const title = screen.getByLabelText(/^title/);
    expect(title.getAttribute("aria-required")).toBe("true");
    expect(title.getAttribute("placeholder")).toBe("Required");
    expect(screen.getByLabelText(/^note/).getAttribute("aria-required")).toBeNull();
    expect(screen.getByLabelText(/^note/).getAttribute("placeholder")).toBe("DEFAULT");
    expect(screen.getByText(/Fields marked \* have no default and need a value\./)).toBeTruthy();

    await userEvent.type(screen.getByLabelText(/^note/), "hello");
    await userEvent.click(screen.getByRole("button", { name: "Add to changes" }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("title needs a value: it has no default and cannot be empty.")).toBeTruthy();
    expect(document.activeElement).toBe(title);

    await userEvent.type(title, "First");
    expect(screen.queryByText(/needs a value/)).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Add to changes" }));
    // Empty fields stay out: they take the column's default.
    expect(onAdd).toHaveBeenCalledWith({ title: "First", note: "hello" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says it in German", async () => {
    await show("de");
    await userEvent.click(screen.getByRole("button", { name: "Zu den Änderungen hinzufügen" }));
    expect(screen.getByLabelText(/^title/).getAttribute("placeholder")).toBe("Pflichtfeld");
    expect(screen.getByText(/title braucht einen Wert/)).toBeTruthy();
  });
});
