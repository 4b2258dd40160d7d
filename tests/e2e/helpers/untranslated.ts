import { expect, type Page } from "@playwright/test";
import { catalogEntries } from "./catalog.ts";

interface EnglishText {
  message: string;
  pattern: RegExp;
}

let englishTexts: EnglishText[] | undefined;

/**
 * The catalog's English texts a German page must not show: those whose German differs, and which no
 * German text equals ("Name", "Team", "Status" are the same words in both). A `{placeholder}`
 * matches any text, so "User menu for {email}" is found with its address; a message that is only
 * placeholders, or has fewer than four letters of its own, matches too much to tell anything.
 */
function englishOnlyTexts(): EnglishText[] {
  if (englishTexts) return englishTexts;
  const german = catalogEntries("de");
  const germanTexts = new Set(german.values());
  englishTexts = [];
  for (const [message, translated] of german) {
    if (translated === "" || translated === message || germanTexts.has(message)) continue;
    const literal = message.replace(/\{\w+\}/g, "");
    if ((literal.match(/\p{L}/gu) ?? []).length < 4 || message.includes("\n")) continue;
    const parts = message.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    englishTexts.push({ message, pattern: new RegExp(`^${parts.join(".+")}$`, "u") });
  }
  return englishTexts;
}

/**
 * What a person reads on the page, line by line: the rendered text, and the labels, placeholders
 * and titles of visible elements (what a screen reader or a tooltip says). A table row's header and
 * a link to a user's, team's, app's or database's page are the record's own name (a user called
 * "Developer" by their GitHub profile), not the app's words.
 */
async function shownTexts(page: Page): Promise<string[]> {
  return await page.evaluate(() => {
    const recordPage = /\/(users|teams|apps|db)\/[^/]+$/;
    const records = [...document.querySelectorAll<HTMLElement>("tbody th, [role=rowheader], a[href]")].filter(
      (element) => !(element instanceof HTMLAnchorElement) || recordPage.test(new URL(element.href).pathname),
    );
    const names = new Set(records.flatMap((element) => element.innerText.split("\n").map((line) => line.trim())));
    const texts = document.body.innerText.split("\n").filter((line) => !names.has(line.trim()));
    for (const element of document.querySelectorAll<HTMLElement>("[aria-label], [placeholder], [title]")) {
      if (element.closest("[aria-hidden=true], [hidden]") || !element.getClientRects().length) continue;
      for (const name of ["aria-label", "placeholder", "title"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter((text) => text !== "");
  });
}

/**
 * Fails when a German page shows a text of the catalog in English: a string that escaped Lingui (a
 * `t` evaluated before the catalog loaded, a text left out of a macro) or a server error answered
 * without its code's translation.
 */
export async function expectNoEnglishLeft(page: Page, where: string): Promise<void> {
  const english = englishOnlyTexts();
  const found = (await shownTexts(page)).flatMap((text) =>
    english.filter(({ pattern }) => pattern.test(text)).map(({ message }) => `"${text}" (catalog: "${message}")`),
  );
  expect(found, `English text on the German page ${where}`).toEqual([]);
}
