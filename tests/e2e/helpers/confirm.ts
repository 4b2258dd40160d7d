import type { Locator } from "@playwright/test";
import { type Lang, tr } from "./catalog.ts";

/** Types the name a deletion asks for (an app's, a team's, a database's), which wakes its confirm button. */
export async function typeNameToConfirm(dialog: Locator, lang: Lang, name: string): Promise<void> {
  await dialog.getByLabel(tr(lang, 'Type the name "{name}" to confirm', { name })).fill(name);
}
