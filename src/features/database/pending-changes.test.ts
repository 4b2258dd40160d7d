import { describe, expect, it } from "vitest";
import { prettyCell, rowText } from "./cell-text";
import { countChanges, noChanges, rowKey, toRequest, withDeletes, withUpdate } from "./pending-changes";

const columns = [
  { name: "a", primaryKey: true },
  { name: "note", primaryKey: false },
  { name: "b", primaryKey: true },
];

describe("pending row changes", () => {
  it("keys a row by every primary-key column", () => {
    expect(rowKey(columns, [1, "x", "two"])).toEqual({ key: { a: 1, b: "two" }, id: '{"a":1,"b":"two"}' });
  });

  it("merges edits of one row and sends edits, inserts, then deletes", () => {
    const one = rowKey(columns, [1, "x", "k"]);
    const two = rowKey(columns, [2, "y", "k"]);
    let changes = withUpdate(noChanges(), one.key, one.id, "note", "first");
    changes = withUpdate(changes, one.key, one.id, "note", null);
    changes = { ...changes, inserts: [{ a: "3", b: "k" }] };
    changes = withDeletes(changes, [two]);
    expect(countChanges(changes)).toBe(3);
    expect(toRequest(changes)).toEqual([
      { op: "update", key: { a: 1, b: "k" }, values: { note: null } },
      { op: "insert", values: { a: "3", b: "k" } },
      { op: "delete", key: { a: 2, b: "k" } },
    ]);
  });

  it("drops a row's edits when the row is deleted", () => {
    const one = rowKey(columns, [1, "x", "k"]);
    const changes = withDeletes(withUpdate(noChanges(), one.key, one.id, "note", "z"), [one]);
    expect(toRequest(changes)).toEqual([{ op: "delete", key: { a: 1, b: "k" } }]);
  });
});

describe("cell text", () => {
  it("pretty-prints JSON values and JSON text, leaves other text alone", () => {
    expect(prettyCell({ a: [1] })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', json: true });
    expect(prettyCell('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true });
    expect(prettyCell("{not json")).toEqual({ text: "{not json", json: false });
    expect(prettyCell(null)).toEqual({ text: "NULL", json: false });
  });

  it("copies a row as a JSON object keyed by column", () => {
    expect(rowText([{ name: "id" }, { name: "tags" }], [1, { x: true }])).toBe('{"id":1,"tags":{"x":true}}');
  });
});
