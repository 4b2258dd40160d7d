// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadErrorTexts } from "@/lib/errors/load-error-texts";
import { type Lang, renderSignedIn, testQueryClient, useLang } from "@/test-support/render-signed-in";
import { ErrorPage } from "./error-page";
import { PasswordResetPage } from "./password-reset-page";

// What a visitor reads on the auth pages that answer without the server: a reset link without its
// code, the reset form's own checks, and the page a failed flow lands on. (Moved from the browser
// suite: tests/e2e/auth-flows.spec.ts keeps the journeys that reach the auth service.)
const TEXT = {
  en: {
    invalidCode: "Invalid or missing reset code",
    newReset: "Request a new password reset",
    password: "New password",
    confirm: "Confirm password",
    submit: "Reset password",
    mismatch: "Passwords do not match",
    tooShort: "Password must be at least 8 characters",
    refused: "The sign-in provider refused access.",
    anError: "An error occurred",
    backToLogin: "Back to login",
  },
  de: {
    invalidCode: "Ungültiger oder fehlender Code zum Zurücksetzen",
    newReset: "Neues Zurücksetzen des Passworts anfordern",
    password: "Neues Passwort",
    confirm: "Passwort bestätigen",
    submit: "Passwort zurücksetzen",
    mismatch: "Die Passwörter stimmen nicht überein",
    tooShort: "Das Passwort muss mindestens 8 Zeichen lang sein",
    refused: "Der Anmeldeanbieter hat den Zugriff verweigert.",
    anError: "Ein Fehler ist aufgetreten",
    backToLogin: "Zurück zur Anmeldung",
  },
} as const;

describe.each(["en", "de"] as Lang[])("auth pages without the server (%s)", (lang) => {
  const text = TEXT[lang];
  beforeEach(() => useLang(lang));
  afterEach(() => cleanup());

  it("a reset link without its code says so and leads to a new request", async () => {
    renderSignedIn(<PasswordResetPage code={undefined} />, { queryClient: testQueryClient() });
    expect(await screen.findByText(text.invalidCode)).toBeTruthy();
    expect(screen.getByRole("link", { name: text.newReset }).getAttribute("href")).toBe("/recover");
    expect(screen.queryByLabelText(text.password)).toBeNull();
  });

  it("the reset form checks the mismatch first, then the length, before anything is sent", async () => {
    renderSignedIn(<PasswordResetPage code="not-checked-before-submit" />, { queryClient: testQueryClient() });
    const password = await screen.findByLabelText(text.password);
    const confirm = screen.getByLabelText(text.confirm);
    const form = screen.getByRole("button", { name: text.submit }).closest("form") as HTMLFormElement;
    // Values set without focusing the form: its focus starts loading the SDK, which a check needs not.
    fireEvent.change(password, { target: { value: "short" } });
    fireEvent.change(confirm, { target: { value: "other" } });
    fireEvent.submit(form);
    expect(await screen.findByText(text.mismatch)).toBeTruthy();
    expect(screen.queryByText(text.tooShort)).toBeNull();
    fireEvent.change(confirm, { target: { value: "short" } });
    fireEvent.submit(form);
    expect(await screen.findByText(text.tooShort)).toBeTruthy();
    expect(screen.queryByText(text.mismatch)).toBeNull();
    expect(screen.getByRole("button", { name: text.submit }).hasAttribute("disabled")).toBe(false);
  });

  it("the error page says a known code in the visitor's language, with the code and a way back", async () => {
    // As its route does before it renders (src/routes/handler/error.tsx).
    await loadErrorTexts();
    renderSignedIn(<ErrorPage message="The provider said no" errorCode="OAUTH_PROVIDER_ACCESS_DENIED" />, {
      queryClient: testQueryClient(),
    });
    expect(await screen.findByText(text.refused)).toBeTruthy();
    expect(screen.getByText("OAUTH_PROVIDER_ACCESS_DENIED")).toBeTruthy();
    expect(screen.queryByText("The provider said no")).toBeNull();
    expect(screen.getByRole("link", { name: text.backToLogin }).getAttribute("href")).toBe("/login");
  });

  it("the error page shows the service's words for a code this build does not know, and a plain text for none", async () => {
    const view = renderSignedIn(<ErrorPage message="The provider said no" errorCode="SOMETHING_NEW" />, {
      queryClient: testQueryClient(),
    });
    expect(await screen.findByText("The provider said no")).toBeTruthy();
    expect(screen.getByText("SOMETHING_NEW")).toBeTruthy();
    view.unmount();
    renderSignedIn(<ErrorPage />, { queryClient: testQueryClient() });
    expect(await screen.findByText(text.anError, { exact: true })).toBeTruthy();
  });
});
