/**
 * What a mail's HTML may do inside the console: nothing but show itself. The frame is sandboxed
 * with no permission at all (no scripts, forms, popups, or same-origin access), and the document
 * carries its own policy on top: no fetches of any kind (a remote image would tell its sender the
 * mail was opened), inline styles and embedded images only.
 */
export const MAIL_FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** The mail's HTML with the policy in front, as the frame's document. */
export function framedMailHtml(html: string): string {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${MAIL_FRAME_CSP}"><meta charset="utf-8">${html}`;
}

export function EmailHtmlFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={framedMailHtml(html)}
      referrerPolicy="no-referrer"
      className="h-72 w-full rounded-md border border-white/15 bg-white"
    />
  );
}
