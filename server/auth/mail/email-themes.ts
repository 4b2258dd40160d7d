import { DEFAULT_EMAIL_THEME_ID } from "../stores/projects.ts";

/**
 * The e-mail themes a project chooses from (`config.email_theme`, Stack's `emails.selectedThemeId`).
 * The ids are the ones Stack's dashboard and SDK send for its built-in themes, so a project moved
 * between the two keeps its choice. A theme here is a palette around the HTML part of every mail.
 */
export interface EmailTheme {
  id: string;
  displayName: string;
  background: string;
  card: string;
  text: string;
  link: string;
}

export const EMAIL_THEMES: readonly EmailTheme[] = [
  {
    id: DEFAULT_EMAIL_THEME_ID,
    displayName: "Default Light",
    background: "#f4f4f5",
    card: "#ffffff",
    text: "#18181b",
    link: "#2563eb",
  },
  {
    id: "a0172b5d-cff0-463b-83bb-85124697373a",
    displayName: "Default Dark",
    background: "#09090b",
    card: "#18181b",
    text: "#f4f4f5",
    link: "#93c5fd",
  },
  {
    id: "c7e2d94f-8a1b-4e6d-b3f5-9d0a2e7c1b8f",
    displayName: "Default Colorful",
    background: "#ede9fe",
    card: "#ffffff",
    text: "#1e1b4b",
    link: "#7c3aed",
  },
];

export function emailThemeOf(id: string | undefined): EmailTheme {
  return EMAIL_THEMES.find((t) => t.id === id) ?? (EMAIL_THEMES[0] as EmailTheme);
}

export function isEmailTheme(id: string): boolean {
  return EMAIL_THEMES.some((t) => t.id === id);
}

/** The mail's paragraphs inside the theme's card; links take the theme's link colour. */
export function themedHtml(body: string, theme: EmailTheme): string {
  const linked = body.replace(/<a href=/g, `<a style="color:${theme.link}" href=`);
  return (
    `<div style="background:${theme.background};padding:24px;font-family:system-ui,sans-serif">` +
    `<div style="max-width:560px;margin:0 auto;background:${theme.card};color:${theme.text};padding:24px;border-radius:8px">` +
    `${linked}</div></div>`
  );
}
