/**
 * The flow's dictionaries: Hindi has exactly the English keys, every message is valid ICU
 * (it formats in both languages), and every error key the validation schemas can produce has
 * a message (else the applicant would read "Please check this field").
 */
import { readdirSync, readFileSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { en } from "./en";
import { hi } from "./hi";

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

const SAMPLE_VALUES = {
  org: "Demo Fintech",
  count: 3,
  current: 2,
  total: 8,
  seconds: 3,
  percent: 40,
  period: "5 years",
  version: "2026-10-01",
  hasContact: "yes",
  contact: "grievance@example.com",
  example: "ABCPE9999Z",
  destination: "+91 ••••• ••210",
  time: "0:27",
  value: "+919876543210",
  name: "aadhaar.zip",
  size: "12 KB",
  side: "Front",
  document: "PAN card",
  step: "PAN",
  amount: "1.00",
  account: "1191",
};

describe("flow messages", () => {
  it("Hindi has every English key and no other", () => {
    expect(leaves(hi as unknown as Tree).map(([k]) => k)).toEqual(leaves(en as unknown as Tree).map(([k]) => k));
  });

  it.each([
    ["en", en],
    ["hi", hi],
  ] as const)("every %s message is valid ICU and formats", (locale, messages) => {
    for (const [key, message] of leaves(messages as unknown as Tree)) {
      const formatted = new IntlMessageFormat(message, locale).format(SAMPLE_VALUES);
      expect(typeof formatted, key).toBe("string");
      expect(formatted, key).not.toMatch(/[{}]/);
    }
  });

  it("plural and select messages read naturally", () => {
    expect(new IntlMessageFormat(en.otp.attemptsLeft, "en").format({ count: 1 })).toBe("That code isn't right. 1 attempt left.");
    expect(new IntlMessageFormat(en.consent.grievance, "en").format({ org: "Acme", hasContact: "no", contact: "" })).toMatch(
      /^Contact the grievance officer of Acme\. /,
    );
    expect(new IntlMessageFormat(hi.common.stepOf, "hi").format({ current: 2, total: 8 })).toBe("8 में से चरण 2");
  });

  it("every error key of the step types' input schemas and submissions has a message", () => {
    const dir = new URL("../../../server/steps/", import.meta.url);
    const sources = readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .map((f) => readFileSync(new URL(f, dir), "utf8"));
    const keys = sources.flatMap((source) =>
      [...source.matchAll(/(?:error|message): "([a-z_]+)"/g), ...source.matchAll(/"parameter_invalid", "([a-z_]+)"/g)].map((m) => m[1]!),
    );
    expect(keys.length).toBeGreaterThan(40);
    for (const key of new Set(keys)) expect(en.errors, key).toHaveProperty(key);
    // the validators' problems (server/checks/validators, server/checks/pan.ts) the schemas pass on
    for (const key of ["pan_format_invalid", "pan_holder_type_invalid", "pan_not_individual", "pan_not_business"]) expect(en.errors).toHaveProperty(key);
    for (const key of [
      "gstin_format_invalid",
      "gstin_state_code_invalid",
      "gstin_pan_invalid",
      "gstin_checksum_invalid",
      "cin_format_invalid",
      "cin_ownership_class_invalid",
      "cin_year_invalid",
      "llpin_required",
      "cin_required",
    ]) {
      expect(en.errors).toHaveProperty(key);
    }
  });
});
