// Limits the browser shows in its texts, without zod: importing a contract that builds zod schemas
// (setup.ts, apps.ts) constructs them in the page, and zod's full build probes `new Function` when
// it builds an object schema, which the app's Content-Security-Policy reports as a violation.

/** A password's length in characters (setup.ts and the auth service check the same). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;
/** An app's title, in characters (apps.ts). */
export const APP_TITLE_MAX_LENGTH = 200;
/** An app's description, in characters (apps.ts). */
export const APP_DESCRIPTION_MAX_LENGTH = 2_000;
