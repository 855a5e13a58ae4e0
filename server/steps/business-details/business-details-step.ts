/**
 * `business_details`: the business's legal name, constitution, GSTIN, CIN or LLPIN, optional Udyam
 * number and registered address. Checks: `in.gstin.verify` (with the legal name),
 * `in.cin.verify` for a CIN or LLPIN, `in.udyam.verify` when a Udyam number was given. They run
 * as soon as the step is stored (server/kyb/business-checks.ts): the `key_people` step is
 * prefilled from the MCA21 answer.
 */
import { validationError } from "../../flow/flow-session";
import { defineStep, type PlannedCheck } from "../step-type";
import { ZBusinessDetailsSettings, ZBusinessDetailsStepInput } from "./business-details.schemas";

/** The registry checks of the stored data `{ legal_name, constitution, gstin, cin? | llpin?, udyam_number?, address }`. */
function businessDetailsChecks(d: Record<string, unknown>): PlannedCheck[] {
  const checks: PlannedCheck[] = [{ key: "in.gstin.verify", input: { gstin: d.gstin, name: d.legal_name } }];
  if (d.cin !== undefined) checks.push({ key: "in.cin.verify", input: { cin: d.cin } });
  else if (d.llpin !== undefined) checks.push({ key: "in.cin.verify", input: { llpin: d.llpin } });
  if (d.udyam_number !== undefined) checks.push({ key: "in.udyam.verify", input: { udyam_number: d.udyam_number } });
  return checks;
}

export const businessDetailsStep = defineStep({
  type: "business_details",
  label: "Business details",
  description: "The business's GSTIN, CIN/LLPIN or Udyam number, checked with the registries.",
  for: ["kyb"],
  settings: ZBusinessDetailsSettings,
  input: () => ZBusinessDetailsStepInput,
  /** @throws DomainError parameter_invalid `constitution_required` for a constitution the settings do not offer. */
  async submit({ db, session, step, settings, input }) {
    if (!settings.constitutions.includes(input.constitution)) {
      throw validationError({ issues: [{ path: ["constitution"], message: "constitution_required" }] });
    }
    return {
      data: input,
      method: "manual_entry",
      afterCommit: async () => {
        // loaded when used: the registry is also read where the check providers must not load (publishing from the admin CLI)
        const { runBusinessDetailsChecks } = await import("../../kyb/business-checks");
        await runBusinessDetailsChecks(db, session.id, step.name, businessDetailsChecks);
      },
    };
  },
  plannedChecks: ({ data }) => businessDetailsChecks(data),
});
