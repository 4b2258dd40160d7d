/**
 * A slug proposed from an environment's name ("QA 2" → "qa-2"): lower-case letters and digits,
 * anything else one dash, none at the ends, at most 40. The server checks the result all the same.
 */
export function slugFromName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
}
