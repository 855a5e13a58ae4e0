/** The flow's view of each step type: every type of the catalog has its component; a type without one does not compile. */
import { describe, expect, it } from "vitest";
import { STEP_TYPES } from "~/server/steps/step-types";
import type { FlowStep } from "../flow-types";
import { stepView, type StepViews } from "./step-registry";
import { UnsupportedStep } from "./unsupported-step";

describe("step views", () => {
  it("gives every type of the catalog its own component, and a type the flow does not know no view (its screen shows UnsupportedStep)", () => {
    // a component: a function, or what next/dynamic makes of one (an element type object, loaded on demand)
    const isComponent = (c: unknown) => typeof c === "function" || (typeof c === "object" && c !== null && "$$typeof" in c);
    for (const t of STEP_TYPES) {
      expect(isComponent(stepView(t)?.component), t).toBe(true);
      expect(stepView(t)?.component, t).not.toBe(UnsupportedStep);
    }
    for (const t of ["video_kyc", "toString"]) expect(stepView(t), t).toBeUndefined();
  });

  it("gives the review step no card of its own and never shows the consent again", () => {
    expect(stepView("review")?.summary).toBeNull();
    expect(stepView("consent")?.revisitable).toBe(false);
    expect(stepView("pan")?.revisitable).toBeUndefined();
  });

  it("says in the consent notice what the types that take the applicant's data collect; a business's PAN as the business's", () => {
    const collecting = ["phone", "email", "pan", "aadhaar", "documents", "selfie", "business_details", "business_documents", "key_people", "bank_account"];
    for (const t of collecting) expect(stepView(t)?.collects, t).toBeDefined();
    for (const t of ["consent", "review"]) expect(stepView(t)?.collects, t).toBeUndefined();
    const notice = (type: string, step: Partial<FlowStep>) => {
      const collects = stepView(type)!.collects!;
      return typeof collects === "function" ? collects(step as FlowStep) : collects;
    };
    expect(notice("pan", { type: "pan", settings: { holder: "business" } })).toEqual(["dataBusinessPan", "sourcePan"]);
    expect(notice("pan", { type: "pan", settings: { holder: "individual" } })).toEqual(["dataPan", "sourcePan"]);
    expect(notice("email", { type: "email", settings: {} })).toEqual(["dataEmail", "sourceOtp"]);
    expect(notice("phone", { type: "phone", settings: {} })).toEqual(["dataPhone", "sourceOtp"]);
  });

  it("needs a view for every type (the assertion is the compiler's: tsc --noEmit fails when the @ts-expect-error below is not an error)", () => {
    const { bank_account: dropped, ...withoutOne } = {} as StepViews;
    // @ts-expect-error a step type without a view
    const incomplete: StepViews = withoutOne;
    expect([dropped, incomplete]).toHaveLength(2);
  });
});
