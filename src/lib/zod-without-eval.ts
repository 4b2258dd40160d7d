/**
 * zod compiles object parsers with `new Function` unless told not to, and first probes whether it
 * may: under this app's Content-Security-Policy (no 'unsafe-eval') that probe is a violation report
 * on every page that parses with a shared contract schema. zod reads this global config when it
 * builds a schema, so it is set here, before any chunk with zod loads; no zod import is needed,
 * which keeps zod out of the first paint.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
