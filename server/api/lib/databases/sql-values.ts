import type pg from "pg";

const number = (text: string) => {
  const value = Number(text);
  return Number.isFinite(value) ? value : text;
};
const parsers: Record<number, (text: string) => unknown> = {
  16: (text) => text === "t", // bool
  21: number, // int2
  23: number, // int4
  26: number, // oid
  700: number, // float4
  701: number, // float8
  114: (text) => JSON.parse(text), // json
  3802: (text) => JSON.parse(text), // jsonb
};
const asText = (text: string) => text;

/**
 * How values leave user databases: exact JSON for small numbers, booleans and JSON; PostgreSQL's
 * own text for everything else (bigint, numeric, dates, arrays, bytea), so nothing is rounded or
 * shifted into the server's time zone on the way to the browser.
 */
export const wireTypes = {
  getTypeParser: (oid: number) => parsers[oid] ?? asText,
} as unknown as pg.CustomTypesConfig; // pg's type describes its overloads, which this single function satisfies
