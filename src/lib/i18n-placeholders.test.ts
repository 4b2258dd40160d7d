import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { installPlaceholderPolicy, keepMissingPlaceholders, placeholderNames } from "./i18n-placeholders";

function i18nWith(messages: Record<string, string>, throwOnMissing = false) {
  const compiled = Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale: "de", messages: { de: compiled } });
  installPlaceholderPolicy(i18n, { throwOnMissing });
  return i18n;
}

describe("placeholder formatting", () => {
  const i18n = i18nWith({
    greet: "Hallo {name}, du hast {count} Apps",
    plural: "{count, plural, one {# App von {owner}} other {# Apps von {owner}}}",
  });

  it("fills placeholders that have values", () => {
    expect(i18n._("greet", { name: "Ada", count: 2 })).toBe("Hallo Ada, du hast 2 Apps");
  });
  it("leaves a placeholder as written when its value is missing", () => {
    expect(i18n._("greet", { count: 2 })).toBe("Hallo {name}, du hast 2 Apps");
    expect(i18n._({ id: "greet", values: { name: undefined } })).toBe("Hallo {name}, du hast {count} Apps");
  });
  it("looks inside plural branches", () => {
    expect(i18n._("plural", { count: 1 })).toBe("1 App von {owner}");
    expect([...placeholderNames(compileMessage("{n, plural, one {{a}} other {{b}}}"))].sort()).toEqual(["a", "b", "n"]);
  });
  it("reads raw text too", () => {
    expect(keepMissingPlaceholders("Delete {key}?", {})).toEqual({ key: "{key}" });
  });
  it("throws 'No translation found' for a message missing from the catalog when asked to", () => {
    expect(() => i18nWith({}, true)._("nowhere")).toThrowError("No translation found: nowhere");
    expect(i18nWith({}, false)._({ id: "x", message: "Fallback {v}" })).toBe("Fallback {v}");
  });
});
