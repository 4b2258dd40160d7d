import fc from "fast-check";

/**
 * Hostile values of every kind the issue names: wrong types, NUL, lone surrogates, huge and deeply
 * nested values, extreme numbers, traversal, and a few classics (injection, prototype keys).
 */

/** A JSON text spliced into a body as is (JSON.stringify cannot write 1e400 or -0 as such). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Nested arrays `levels` deep, as raw JSON text (a real value that deep would be slow to build). */
export const deepArrays = (levels: number) => new RawJson(`${"[".repeat(levels)}${"]".repeat(levels)}`);
const deepObjects = (levels: number) => new RawJson(`${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`);

export const EXTREME_NUMBERS = [
  8_640_000_000_000_001,
  -8_640_000_000_000_001,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  0.5,
  -1,
  0,
];

const RAW_NUMBERS = [new RawJson("1e400"), new RawJson("-1e400"), new RawJson("-0"), new RawJson("1E+2")];

export const HOSTILE_STRINGS = [
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udc00y",
  "\ud83d\ude00",
  "\u202e\ufeff\uffff",
  "../../../../etc/passwd",
  "..\\..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "' or 1=1 --",
  '"; drop table users; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  "${7*7}{{7*7}}%s%n",
  "<script>alert(1)</script>",
  "null",
  "undefined",
  "NaN",
  "-1",
  "9".repeat(40),
  "00000000-0000-0000-0000-000000000000",
  "not-a-uuid",
  "me",
  "$read_members",
  "a".repeat(300),
];

/** Large values sit beside the small ones with a low weight: they are slow to send and parse. */
const HUGE = [
  "x".repeat(200_000),
  Array.from({ length: 20_000 }, () => "a"),
  Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])),
  deepArrays(3_000),
  deepObjects(200),
];

const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, -1, [], {}, [[]], [null], { "": "" }];

const PROTO_KEYS: unknown[] = [
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  { constructor: { prototype: { isAdmin: true } } },
  { "a\u0000b": 1 },
  { "\ud800": 1 },
];

/** Any hostile value at all, for a field, a whole body or an array element. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...EXTREME_NUMBERS, ...RAW_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

/** A hostile value where text is expected (path segments, query values, header values). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom(...EXTREME_NUMBERS.map(String)) },
  { weight: 1, arbitrary: fc.constant("y".repeat(5_000)) },
);

/**
 * Percent-encodes text for a URL, lone surrogates too (as their WTF-8 bytes, which no decoder
 * accepts as UTF-8): encodeURIComponent throws on them.
 */
export function encodeText(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** JSON text of a value that may hold RawJson pieces anywhere. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  if (text === undefined) return "null";
  return raws.length === 0
    ? text
    : text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)] ?? "null");
}
