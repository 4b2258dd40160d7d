import { apiErrors } from "@contract/api-errors";
import { knownErrors } from "@contract/auth-errors";
import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import * as authKnownErrors from "../../../server/auth/errors/known-errors.ts";
import { HttpError } from "../../../server/lib/errors.ts";
import { tr } from "../../../tests/e2e/helpers/catalog.ts";
import { ApiError } from "../api-client";
import { API_ERROR_TEXTS } from "./api-error-texts";
import { AUTH_ERROR_TEXTS } from "./auth-error-texts";
import { authCodeText, errorText, isApiError } from "./error-text";
import { type ErrorTextEntry, entrySentence, entryVariants } from "./error-text-entry";
import { loadErrorTexts, loadedErrorTexts } from "./load-error-texts";

/**
 * Every code the auth service's known-error module can produce: each factory is called with
 * stand-in arguments and the code read off the error it builds, so a new factory is covered
 * without anyone listing it here.
 */
function authServiceCodes(): string[] {
  const factories = [
    ...Object.values(authKnownErrors.KnownErrors),
    ...Object.values(authKnownErrors).filter((value) => typeof value === "function"),
  ] as Array<(...args: unknown[]) => unknown>;
  const codes = new Set<string>();
  for (const make of factories) {
    const error = make("x", ["x"], "x", "x");
    expect(error).toBeInstanceOf(HttpError);
    codes.add((error as HttpError).code);
  }
  return [...codes].sort();
}

/** The English of an entry's sentence and of its subject variants (the detailed ones are read in detailed-error-texts.test.ts). */
const sourcesOf = (entry: ErrorTextEntry | undefined) =>
  entry
    ? [entrySentence(entry), ...Object.values(entryVariants(entry)?.about ?? {})].map((d) => d.message ?? "")
    : [""];

describe("the error texts", () => {
  // The app loads the maps at the first error; every path an error takes awaits this first.
  beforeAll(() => loadErrorTexts());
  const apiCodes = Object.keys(apiErrors);
  const authCodes = authServiceCodes();

  it("cover every code of the app API's registry and of the auth service's known errors", () => {
    expect(apiCodes.length).toBeGreaterThan(50);
    expect(authCodes.length).toBeGreaterThan(60);
    expect(apiCodes.filter((code) => !(code in API_ERROR_TEXTS))).toEqual([]);
    expect(authCodes.filter((code) => !(code in AUTH_ERROR_TEXTS))).toEqual([]);
  });

  it("match the auth service's registry: every code there has a factory, and no factory makes another", () => {
    expect(authCodes).toEqual(Object.keys(knownErrors).sort());
  });

  it("have an English and a German text in the shipped catalogs", () => {
    const entries = [
      ...apiCodes.map((code) => [code, API_ERROR_TEXTS[code as keyof typeof API_ERROR_TEXTS]] as const),
      ...authCodes.map((code) => [code, AUTH_ERROR_TEXTS[code as keyof typeof AUTH_ERROR_TEXTS]] as const),
    ];
    for (const [code, english] of entries.flatMap(([code, entry]) => sourcesOf(entry).map((s) => [code, s] as const))) {
      expect(english, code).not.toBe("");
      expect(tr("en", english), code).not.toBe("");
      const german = tr("de", english);
      expect(german, code).not.toBe("");
      // A German text that is the English one word for word was left untranslated.
      expect(german, code).not.toBe(english);
    }
  });

  it("prefer the code's text to the server's English, which stays the last resort", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    const refused = new ApiError("SCHEMA_ERROR", "title: title is required", 400);
    expect(errorText(i18n, refused)).toMatch(/^Enter a title/);
    const key = new ApiError("SCHEMA_ERROR", "key: key must start with a letter or _", 400);
    expect(errorText(i18n, key)).toMatch(/^A key starts with a letter/);
    const known = Object.assign(new Error("Wrong e-mail or password."), { errorCode: "EMAIL_PASSWORD_MISMATCH" });
    expect(errorText(i18n, known)).toBe("Wrong e-mail or password.");
    const newer = Object.assign(new Error("A code from a newer server."), { errorCode: "SOMETHING_NEW" });
    expect(errorText(i18n, newer)).toBe("A code from a newer server.");
    expect(errorText(i18n, new TypeError("Failed to fetch"))).toBe("Something went wrong. Please try again.");
    const odd = Object.assign(new Error("odd"), { errorCode: "constructor" });
    expect(errorText(i18n, odd)).toBe("odd");
  });

  it("read the code of a status error the Stack SDK threw as a plain Error (the account page's e-mail addresses)", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    // What @stackframe/js throws for a 4xx without the known-error header: the body as text.
    const sdkError = (status: number, body: string) =>
      new Error(`Failed to send request to http://localhost:3000/auth/api/v1/contact-channels: ${status} ${body}`);
    const twice = sdkError(400, '{"code":"CONTACT_CHANNEL_ALREADY_EXISTS","error":"Contact channel already exists"}');
    expect(errorText(i18n, twice)).toBe("This e-mail address is on the account already.");
    const gone = sdkError(400, '{"code":"CONTACT_CHANNEL_TO_CHANGE_NOT_FOUND","error":"Contact channel not found"}');
    expect(errorText(i18n, gone)).toBe("This e-mail address is not on the account any more.");
    // A code this build does not know, or a body that is no envelope: the fallback, never the SDK's wrapping.
    const fallback = msg`An error occurred`;
    expect(errorText(i18n, sdkError(400, '{"code":"SOMETHING_NEW","error":"x"}'), fallback)).toBe("An error occurred");
    expect(errorText(i18n, sdkError(400, "Contact channel already exists"), fallback)).toBe("An error occurred");
    expect(errorText(i18n, sdkError(500, '{"code":"CONTACT_CHANNEL_ALREADY_EXISTS"}'), fallback)).toBe(
      "An error occurred",
    );
  });

  it("name the role a refused team action needs (TEAM_ROLE_REQUIRED's details.role)", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    const refused = (role: unknown) =>
      new ApiError("TEAM_ROLE_REQUIRED", "Your role does not allow this.", 403, { role });
    expect(errorText(i18n, refused("developer"))).toBe(
      "This needs the role Developer in this team. Ask a team admin for it.",
    );
    expect(errorText(i18n, refused("admin"))).toBe("This needs the role Admin in this team. Ask a team admin for it.");
    // No role named (an older server): the code's own sentence.
    expect(errorText(i18n, refused(undefined))).toBe(
      "Your role in this team does not allow this. Ask a team admin for a higher role.",
    );
    expect(tr("de", "This needs the role {name} in this team. Ask a team admin for it.")).not.toBe("");
  });

  it("name the key a reference error is about (SECRET_REFERENCE_*'s details.key)", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    const reference = ["$", "{HOST}"].join("");
    const missing = new ApiError("SECRET_REFERENCE_MISSING", `URL: the reference ${reference} ...`, 422, {
      key: "URL",
      reference,
    });
    expect(errorText(i18n, missing)).toBe(
      "Key URL: Its value refers to a key or environment that does not exist (a literal dollar sign and brace is written with two dollar signs).",
    );
    const cycle = new ApiError("SECRET_REFERENCE_CYCLE", "A: ...", 422, { key: "A", cycle: ["A", "B", "A"] });
    expect(errorText(i18n, cycle)).toBe(
      "Key A: Its value refers back to itself through other keys, so it cannot be resolved.",
    );
    // No key named: the code's own sentence.
    expect(errorText(i18n, new ApiError("SECRET_REFERENCE_FORBIDDEN", "x", 403))).toBe(
      "Its value refers to values you may not read (another app needs the developer role there).",
    );
    expect(tr("de", "Key {referenceKey}: {0}")).not.toBe("");
  });

  it("word a mailed link's refused code for an invitation where the error is about one", () => {
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    const known = (errorCode: string) => Object.assign(new Error("The service's English."), { errorCode });
    const expired = known("VERIFICATION_CODE_EXPIRED");
    expect(errorText(i18n, expired)).toBe("This link has expired. Ask for a new one.");
    expect(errorText(i18n, expired, undefined, "invitation")).toBe(
      "This invitation has expired. Ask for a new invitation.",
    );
    // A code without a word of its own for invitations keeps its sentence.
    expect(errorText(i18n, known("TEAM_INVITATION_EMAIL_MISMATCH"), undefined, "invitation")).toMatch(
      /^This invitation was sent to a different e-mail address/,
    );
    // The app API's code of the same name is another error: no invitation words for it.
    const api = new ApiError("VERIFICATION_CODE_EXPIRED" as never, "x", 400);
    expect(errorText(i18n, api, undefined, "invitation")).toBe("x");
  });

  it("load with their catalog, so a code shows in the active language", async () => {
    expect(loadedErrorTexts()?.api).toBe(API_ERROR_TEXTS);
    expect(loadedErrorTexts()?.auth).toBe(AUTH_ERROR_TEXTS);
    const { i18n } = await import("@/lib/i18n");
    i18n.activate("en");
    // The catalog came along (in a build the descriptors carry only their id, never the English).
    expect(i18n.messages[entrySentence(API_ERROR_TEXTS.SECRET_EXISTS).id ?? ""]).toBeDefined();
    expect(errorText(i18n, new ApiError("SECRET_EXISTS", "secret exists", 409))).toBe("This key exists already.");
    expect(await authCodeText(i18n, "PASSWORD_CONFIRMATION_MISMATCH")).toBe("Passwords do not match");
  });
});

describe("isApiError", () => {
  it("matches the app API's code only, and narrows to that code's details", () => {
    const refused: unknown = new ApiError("COPY_WOULD_REPLACE", "x", 409, { keys: ["A"] });
    expect(isApiError(refused, "COPY_WOULD_REPLACE")).toBe(true);
    expect(isApiError(refused, "IMPORT_CONFLICT")).toBe(false);
    if (isApiError(refused, "COPY_WOULD_REPLACE")) {
      expectTypeOf(refused.details?.keys).toEqualTypeOf<string[] | undefined>();
      expect(refused.details?.keys).toEqual(["A"]);
    }
    // The auth service shares some codes with other meanings: never taken for the app API's.
    const fromAuth = new ApiError("STRUCTURE_CHANGED", "x", 409, undefined, "auth");
    expect(isApiError(fromAuth, "STRUCTURE_CHANGED")).toBe(false);
    // @ts-expect-error a code that is not in the registry does not compile
    expect(isApiError(refused, "NO_SUCH_CODE")).toBe(false);
  });
});
