import { describe, expect, it } from "vitest";
import { isStorableText, MAX_JSON_DEPTH, unstorableInputError, unstorablePath, unstorableTextError } from "./text-input";

describe("isStorableText", () => {
  it("refuses NUL and unpaired surrogates, takes everything else", () => {
    expect(isStorableText("tab\t newline\n emoji 😀 \u0001 \uffff")).toBe(true);
    for (const bad of ["a\u0000b", "\ud800", "x\udc00", "\ud83d"]) expect(isStorableText(bad)).toBe(false);
  });
});

describe("unstorablePath", () => {
  it("finds the first bad string or key, through objects and arrays", () => {
    expect(unstorablePath({ a: ["ok", { b: "x\u0000" }] })).toEqual({ path: ["a", 1, "b"], tooDeep: false });
    expect(unstorablePath({ meta: { "k\ud800": 1 } })).toEqual({ path: ["meta", "k\ud800"], tooDeep: false });
    expect(unstorablePath("\u0000")).toEqual({ path: [], tooDeep: false });
    expect(unstorablePath({ a: 1, b: [true, null, "ok"] })).toBeNull();
  });

  it("stops at MAX_JSON_DEPTH levels of nesting without overflowing the stack", () => {
    const nest = (depth: number): unknown => JSON.parse(`{"a":${"[".repeat(depth)}1${"]".repeat(depth)}}`);
    expect(unstorablePath(nest(MAX_JSON_DEPTH - 1))).toBeNull();
    expect(unstorablePath(nest(MAX_JSON_DEPTH))).toEqual({ path: ["a", ...Array<number>(MAX_JSON_DEPTH - 1).fill(0)], tooDeep: true });
    expect(unstorablePath(nest(100_000))?.tooDeep).toBe(true);
  });
});

describe("unstorableInputError", () => {
  it("names the dot path of unstorable text or of too deep nesting; null for good input", () => {
    expect(unstorableInputError({ a: { b: "\ud800" } })).toMatchObject({ code: "parameter_invalid", param: "a.b", message: expect.stringContaining("NUL") });
    expect(unstorableInputError({ a: [[[{}]]] })).toBeNull();
    expect(unstorableInputError(JSON.parse(`{"note":${"[".repeat(5000)}${"]".repeat(5000)}}`))).toMatchObject({
      code: "parameter_invalid",
      message: expect.stringContaining("nested"),
    });
  });
});

describe("unstorableTextError", () => {
  it("is parameter_invalid on the param, or without one for the whole body", () => {
    expect(unstorableTextError("metadata.plan")).toMatchObject({ code: "parameter_invalid", param: "metadata.plan" });
    expect(unstorableTextError("").param).toBeUndefined();
  });
});
