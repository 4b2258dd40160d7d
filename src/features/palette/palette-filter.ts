/** One entry of the palette: what it says, where it is grouped, and what choosing it does. */
export interface PaletteItem {
  id: string;
  group: string;
  label: string;
  /** Shown after the label and searched with it (a table's database, an app's team). */
  hint?: string;
  run(): void;
}

/** Lower case without accents: "über" is found by "uber", and "Über" by "über". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/**
 * The items whose label or hint (as shown, in the language shown) hold every word of the query, in
 * their order. Not the group heading: "app" would find every app.
 */
export function filterPaletteItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = fold(`${item.label} ${item.hint ?? ""}`);
    return words.every((word) => text.includes(word));
  });
}
