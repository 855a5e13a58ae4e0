/** The flow's view of each step type: every type of the catalog has its component; a type without one does not compile. */
import { describe, expect, it } from "vitest";
import { STEP_TYPES } from "~/server/steps/step-types";
import type { FlowStep } from "../flow-types";
import { en } from "../i18n/en";
import { hi } from "../i18n/hi";
import { stepView, type StepViews } from "./step-registry";
import type { NoticeEntry } from "./step-view";
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
      return typeof collects === "function" ? collects(step as FlowStep, "kyc") : collects;
    };
    expect(notice("pan", { type: "pan", settings: { holder: "business" } })).toEqual(["dataBusinessPan", "sourcePan"]);
    expect(notice("pan", { type: "pan", settings: { holder: "individual" } })).toEqual(["dataPan", "sourcePan"]);
    expect(notice("email", { type: "email", settings: {} })).toEqual(["dataEmail", "sourceOtp"]);
    expect(notice("phone", { type: "phone", settings: {} })).toEqual(["dataPhone", "sourceOtp"]);
  });

  it("says whose bank account it is (the applicant's in a KYC session, the business's in a KYB one) and how it is confirmed, in English and Hindi", () => {
    const collects = stepView("bank_account")!.collects as (step: FlowStep, subject: "kyc" | "kyb") => NoticeEntry;
    const texts = (method: string, subject: "kyc" | "kyb") => {
      const [item, source] = collects({ type: "bank_account", settings: { method } } as unknown as FlowStep, subject);
      return { en: [en.consent[item], en.consent[source]], hi: [hi.consent[item], hi.consent[source]] };
    };
    for (const method of ["penny_drop", "reverse_penny_drop"]) {
      const individual = texts(method, "kyc");
      expect(individual.en[0]).toBe("Your bank account number and IFSC");
      expect(individual.hi[0]).toBe("आपका बैंक खाता नंबर और IFSC");
      for (const text of individual.en) expect(text, method).not.toMatch(/business/i);
      for (const text of individual.hi) expect(text, method).not.toContain("व्यवसाय");
      expect(individual.en[1], method).toMatch(/compared with yours\.$/);

      const business = texts(method, "kyb");
      expect(business.en[0]).toBe("The business's bank account number and IFSC");
      for (const text of business.en) expect(text, method).toContain("business's");
      for (const text of business.hi) expect(text, method).toContain("व्यवसाय");
    }
    // the UPI payment is no penny drop
    expect(texts("reverse_penny_drop", "kyc").en[1]).toMatch(/^You pay ₹1 from your bank account with a UPI app/);
    expect(texts("reverse_penny_drop", "kyb").en[1]).not.toMatch(/penny drop/);
    expect(texts("penny_drop", "kyc").en[1]).toMatch(/penny drop/);
  });

  it("needs a view for every type (the assertion is the compiler's: tsc --noEmit fails when the @ts-expect-error below is not an error)", () => {
    const { bank_account: dropped, ...withoutOne } = {} as StepViews;
    // @ts-expect-error a step type without a view
    const incomplete: StepViews = withoutOne;
    expect([dropped, incomplete]).toHaveLength(2);
  });
});
