import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { tr } from "../../../tests/e2e/helpers/catalog.ts";
import { errorText } from "./error-text";
import { loadErrorTexts } from "./load-error-texts";

// The German of the shipped catalog (locales/de/errors.po) for the messages these tests read.
const sources = [
  'A database named "{name}" exists already.',
  "Table {schema}.{table} no longer exists.",
  "The SQL text is too large: at most {size}.",
  "Column {column} is generated and takes no values.",
  "The query took longer than {limit} s and was stopped.",
  "The database refused this: {reason}",
  "The database could not be reached: {reason}",
  "The file is not valid CSV: the quote opened on line {line} is never closed.",
  "The file is not valid CSV: line {line} has {fields} fields, the header has {expected}.",
];
const german = Object.fromEntries(
  sources.map((source) => [generateMessageId(source), compileMessage(tr("de", source))]),
);
const de = setupI18n({ locale: "de", messages: { de: german } });
const en = setupI18n({ locale: "en", messages: { en: {} } });
const refused = (code: ConstructorParameters<typeof ApiError>[0], details: Record<string, unknown>) =>
  new ApiError(code, "The server's English, never shown.", 400, details);

describe("the error texts of codes with details", () => {
  // The database page loads the error-code texts with its catalog (src/lib/area-messages.ts).
  beforeAll(() => loadErrorTexts());
  it("words parameterised codes with their parameters, never with the server's message", () => {
    const cases: Array<[ApiError, string, string]> = [
      [refused("DATABASE_NAME_TAKEN", { name: "garden" }), 'A database named "garden" exists already.', "garden"],
      [refused("TABLE_NOT_FOUND", { schema: "public", table: "plants" }), "public.plants", "public.plants"],
      [refused("SQL_TOO_LARGE", { maxBytes: 1048576 }), "at most 1 MB", "1 MB"],
      [
        refused("IMPORT_MAPPING_INVALID", { problem: "generated", column: "total" }),
        "Column total is generated",
        "total",
      ],
      [refused("DATABASE_QUERY_FAILED", { sqlState: "57014", timeoutMs: 30000 }), "longer than 30 s", "30 s"],
      [
        refused("IMPORT_CSV_MALFORMED", { line: 7, reason: "QUOTE_NOT_CLOSED" }),
        "the quote opened on line 7 is never closed",
        "7",
      ],
      [
        refused("IMPORT_CSV_MALFORMED", { line: 12, reason: "RECORD_WIDTH", fields: 3, expected: 2 }),
        "line 12 has 3 fields, the header has 2",
        "12",
      ],
    ];
    for (const [error, english, parameter] of cases) {
      expect(errorText(en, error)).toContain(english);
      const german = errorText(de, error);
      expect(german).toContain(parameter);
      expect(german).not.toContain("English");
      expect(german).not.toBe(errorText(en, error));
    }
  });

  it("puts PostgreSQL's or the driver's own reason after the translated sentence", () => {
    const unique = refused("DATABASE_QUERY_FAILED", { sqlState: "23505", reason: "duplicate key value" });
    expect(errorText(de, unique)).toBe("Die Datenbank hat abgelehnt: duplicate key value");
    const unreachable = refused("DATABASE_UNREACHABLE", { reason: "connect ECONNREFUSED 127.0.0.1:1" });
    expect(errorText(de, unreachable)).toBe("Die Datenbank ist nicht erreichbar: connect ECONNREFUSED 127.0.0.1:1");
  });

  it("falls back to the code's own text when the details are missing", () => {
    expect(errorText(en, refused("DATABASE_NAME_TAKEN", {}))).toBe("A database with this name exists already.");
    expect(errorText(en, refused("IMPORT_MAPPING_INVALID", { problem: "new" }))).toBe(
      "The column mapping does not fit the table.",
    );
  });
});
