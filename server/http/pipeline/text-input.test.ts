import { describe, expect, it } from "vitest";
import { isStorableText, unstorablePath, unstorableTextError } from "./text-input";

describe("isStorableText", () => {
  it("refuses NUL and unpaired surrogates, takes everything else", () => {
    expect(isStorableText("tab\t newline\n emoji 😀 \u0001 \uffff")).toBe(true);
    for (const bad of ["a\u0000b", "\ud800", "x\udc00", "\ud83d"]) expect(isStorableText(bad)).toBe(false);
  });
});

describe("unstorablePath", () => {
  it("finds the first bad string or key, through objects and arrays", () => {
    expect(unstorablePath({ a: ["ok", { b: "x\u0000" }] })).toEqual(["a", 1, "b"]);
    expect(unstorablePath({ meta: { "k\ud800": 1 } })).toEqual(["meta", "k\ud800"]);
    expect(unstorablePath("\u0000")).toEqual([]);
    expect(unstorablePath({ a: 1, b: [true, null, "ok"] })).toBeNull();
  });
});

describe("unstorableTextError", () => {
  it("is parameter_invalid on the param, or without one for the whole body", () => {
    expect(unstorableTextError("metadata.plan")).toMatchObject({ code: "parameter_invalid", param: "metadata.plan" });
    expect(unstorableTextError("").param).toBeUndefined();
  });
});
