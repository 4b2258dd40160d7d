/** A moment as the user's locale writes it, e.g. "24 Nov 2026, 14:05" or "24.11.2026, 14:05". */
export function formatDateTime(locale: string, iso: string | Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(locale: string, iso: string | Date): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
}
