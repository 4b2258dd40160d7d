import { describe, expect, it } from "vitest";
import { impersonationNoticeMail } from "./impersonation-mail.ts";

const project = { id: "p1", displayName: "Acme <Console>" };
const expiresAt = new Date("2026-12-06T23:30:00Z");

describe("the impersonation notice", () => {
  it("names the operator and the end, in English, with no link", () => {
    const mail = impersonationNoticeMail(
      project,
      "carol@example.test",
      { operator: "alice@example.test", expiresAt },
      "en",
    );
    expect(mail.subject).toBe("An operator of Acme <Console> opened your account");
    expect(mail.text).toContain("alice@example.test of Acme <Console> started a session as you");
    expect(mail.text).toContain("2026-12-06 23:30 (UTC)");
    expect(mail.link).toBe("");
    // The project's name is escaped in the HTML.
    expect(mail.html).toContain("Acme &lt;Console&gt;");
    expect(mail.html).not.toContain("<Console>");
  });

  it("speaks German, and says 'an operator' when none is named", () => {
    const mail = impersonationNoticeMail(project, "carol@example.test", { operator: null, expiresAt }, "de");
    expect(mail.subject).toBe("Ein Betreiber von Acme <Console> hat Ihr Konto geöffnet");
    expect(mail.text).toContain("Ein Betreiber (Acme <Console>) hat eine Sitzung als Sie gestartet");
    expect(mail.text).toContain("spätestens am 2026-12-06 23:30 (UTC)");
  });
});
