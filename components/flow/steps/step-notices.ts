/**
 * What the consent notice says the steps whose entry depends on their settings collect
 * (./step-registry.ts): kept apart from the steps' components, so the consent screen does not
 * load their code.
 */
import type { FlowStep } from "../flow-types";
import type { NoticeEntry } from "./step-view";

/** A `phone` / `email` step: the mobile number or the email address. */
export function otpNotice(step: FlowStep): NoticeEntry {
  return step.type === "email" ? ["dataEmail", "sourceOtp"] : ["dataPhone", "sourceOtp"];
}

/** A `pan` step: a business's PAN is its own. */
export function panNotice(step: FlowStep): NoticeEntry {
  return [step.settings.holder === "business" ? "dataBusinessPan" : "dataPan", "sourcePan"];
}
