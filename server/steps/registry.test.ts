/** The step-type registry: one module per type of the catalog, each with the catalog's settings schema. */
import { describe, expect, it } from "vitest";
import { INDIA_WORKFLOWS } from "../workflows/india-workflows";
import { STEP_REGISTRY, stepType, stepTypesWith } from "./registry";
import { STEP_SETTINGS, STEP_TYPES } from "./step-types";

describe("step-type registry", () => {
  it("has a module for every type of the catalog, in catalog order, named by its key and with the catalog's settings schema", () => {
    expect(Object.keys(STEP_REGISTRY)).toEqual(STEP_TYPES);
    for (const t of STEP_TYPES) {
      expect(STEP_REGISTRY[t].type).toBe(t);
      expect(STEP_REGISTRY[t].settings, t).toBe(STEP_SETTINGS[t]);
      expect(STEP_REGISTRY[t].for.length, t).toBeGreaterThan(0);
    }
  });

  it("knows no other type", () => {
    for (const t of ["video_kyc", "constructor", "toString", ""]) expect(stepType(t)).toBeUndefined();
  });

  it("parses the settings of every step of the India workflows, and empty settings to their defaults", () => {
    for (const w of INDIA_WORKFLOWS) {
      for (const s of w.definition.steps) expect(stepType(s.type)!.settings.safeParse(s.settings).success, `${w.name}: ${s.name}`).toBe(true);
    }
    for (const t of STEP_TYPES) expect(STEP_SETTINGS[t].safeParse({}).success, t).toBe(true);
  });

  it("lists the types that have a hook, in catalog order", () => {
    expect(stepTypesWith("otp")).toEqual(["phone", "email"]);
    expect(stepTypesWith("uploadKinds")).toEqual(["documents", "selfie", "business_documents"]);
    expect(stepTypesWith("holdsProcessing")).toEqual(["key_people"]);
  });
});
