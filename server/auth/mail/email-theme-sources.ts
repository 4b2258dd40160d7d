import { EMAIL_THEMES, type EmailTheme } from "./email-themes.ts";

/**
 * The TSX source a built-in theme answers with until its admin edits it (Stack stores a theme as a
 * React Email component named `EmailTheme`). Written from the palette our own renderer applies
 * (themedHtml), so the source describes what this server's mails actually look like.
 */
function paletteSource(theme: EmailTheme): string {
  return `import { Body, Container, Html } from "@react-email/components";

/** ${theme.displayName}: the mail in a card on a coloured page. */
export function EmailTheme({ children }: { children: React.ReactNode }) {
  return (
    <Html>
      <Body style={{ background: "${theme.background}", padding: 24, fontFamily: "system-ui, sans-serif" }}>
        <Container style={{ maxWidth: 560, background: "${theme.card}", color: "${theme.text}", padding: 24, borderRadius: 8 }}>
          {children}
        </Container>
      </Body>
    </Html>
  );
}
`;
}

export interface ThemeRecord {
  id: string;
  displayName: string;
  tsxSource: string;
}

/** The built-in themes as records, in the order Stack lists them. */
export const BUILT_IN_THEME_RECORDS: readonly ThemeRecord[] = EMAIL_THEMES.map((t) => ({
  id: t.id,
  displayName: t.displayName,
  tsxSource: paletteSource(t),
}));
