// @vitest-environment happy-dom
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useLang } from "@/test-support/render-signed-in";
import { AuthCardFailure, AuthCardWaiting } from "./auth-card";

afterEach(cleanup);

describe("the auth page cards", () => {
  it("say why a page cannot go on, read out at once, with what to do next", async () => {
    await useLang("en");
    render(
      <I18nProvider i18n={i18n}>
        <AuthCardFailure
          title="Team invitation"
          message="This invitation has expired."
          action={<button type="button">Try again</button>}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole("heading", { name: "Team invitation" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("This invitation has expired.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("say that a page is at work, in the reader's language", async () => {
    await useLang("de");
    render(
      <I18nProvider i18n={i18n}>
        <AuthCardWaiting title="Teameinladung" />
      </I18nProvider>,
    );
    expect(screen.getByRole("status").textContent).toBe("Bitte warten...");
  });
});
