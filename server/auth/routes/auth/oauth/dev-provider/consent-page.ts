import { html, raw } from "hono/html";
import { CONSENT_TEXTS, type ConsentLocale } from "./consent-texts.ts";

const PROVIDER_NAMES: Record<string, string> = { github: "GitHub", google: "Google" };
const CREDENTIAL_VARIABLES: Record<string, string> = {
  github: "GITHUB_CLIENT_ID / GITHUB_CLIENT_SECRET",
  google: "GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET",
};

export const providerName = (id: string) => PROVIDER_NAMES[id] ?? id;

// The web app's mark, drawn with attributes only (no style), so a strict CSP leaves it alone.
const LOGO = raw(`<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
  <defs><linearGradient id="logo-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#818cf8"/><stop offset="1" stop-color="#c084fc"/></linearGradient></defs>
  <rect width="32" height="32" rx="8" fill="url(#logo-fill)"/>
  <path d="M9 11.5 14 16l-5 4.5M16.5 21.5H23" fill="none" stroke="#0b1020" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`);

interface PageFrame {
  locale: ConsentLocale;
  title: string;
  stylesheet: string;
  /** This page in the other language. */
  otherLanguageUrl: string;
}

function frame(page: PageFrame, body: ReturnType<typeof html>) {
  const t = CONSENT_TEXTS[page.locale];
  return html`<!doctype html>
<html lang="${page.locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${page.title}</title>
    <link rel="stylesheet" href="${page.stylesheet}" />
  </head>
  <body>
    <main>
      <div class="top">
        <span class="mark">${LOGO}<span class="badge">${t.badge}</span></span>
        <a href="${page.otherLanguageUrl}" lang="${t.otherLanguage.locale}" hreflang="${t.otherLanguage.locale}">${t.otherLanguage.label}</a>
      </div>
      ${body}
    </main>
  </body>
</html>`;
}

export interface ConsentForm extends PageFrame {
  provider: string;
  state: string;
  email: string;
  name: string;
  /** Shown under the e-mail field after a refused submit. */
  emailError: boolean;
}

/** Where one picks the account to sign in as: e-mail and name, then Continue or Cancel. */
export function consentPage(form: Omit<ConsentForm, "title">) {
  const t = CONSENT_TEXTS[form.locale];
  const name = providerName(form.provider);
  const variables = CREDENTIAL_VARIABLES[form.provider];
  return frame(
    { ...form, title: t.title(name) },
    html`<h1>${t.heading(name)}</h1>
      <p class="intro">${t.intro(name)}</p>
      <ul>
        ${t.rules.map((rule) => html`<li>${rule}</li>`)}
      </ul>
      <form method="post">
        <input type="hidden" name="provider" value="${form.provider}" />
        <input type="hidden" name="state" value="${form.state}" />
        <input type="hidden" name="lang" value="${form.locale}" />
        <label for="email">${t.email}</label>
        <input id="email" name="email" type="email" required autocomplete="email" value="${form.email}"
          ${form.emailError ? raw('aria-invalid="true" aria-describedby="email-error" autofocus') : ""} />
        ${form.emailError ? html`<p id="email-error" class="error" role="alert">${t.invalidEmail}</p>` : ""}
        <label for="name">${t.name}</label>
        <input id="name" name="name" type="text" autocomplete="name" value="${form.name}" />
        <div class="actions">
          <button class="primary" type="submit" name="action" value="allow">${t.allow}</button>
          <button class="secondary" type="submit" name="action" value="deny" formnovalidate>${t.deny}</button>
        </div>
      </form>
      ${variables ? html`<p class="hint">${t.switchedOnBy(name, variables)}</p>` : ""}`,
  );
}

/** The page for a flow that is unknown or expired (refreshed, bookmarked, or used twice). */
export function expiredPage(page: Omit<PageFrame, "title">) {
  const t = CONSENT_TEXTS[page.locale];
  return frame(
    { ...page, title: t.expiredHeading },
    html`<h1>${t.expiredHeading}</h1>
      <p class="intro" role="alert">${t.expired}</p>`,
  );
}
