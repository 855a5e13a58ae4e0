/**
 * `pan`: PAN, name and date of birth, verified with the Income Tax Department. Checks:
 * `in.pan.verify` with the holder type of the settings; plus `in.pan.aadhaar_link` when the
 * settings say `aadhaar_link: true` and the holder is an individual.
 */
import { defineStep, type PlannedCheck } from "../step-type";
import { panStepInput, ZPanSettings } from "./pan.schemas";

export const panStep = defineStep({
  type: "pan",
  label: "PAN",
  description: "PAN, name and date of birth, verified with the Income Tax Department.",
  for: ["kyc", "kyb"],
  settings: ZPanSettings,
  input: ({ settings }) => panStepInput(settings.holder),
  submit: async ({ input }) => ({ data: input, method: "manual_entry" }),
  plannedChecks({ settings: { holder, aadhaar_link }, data: d }) {
    const checks: PlannedCheck[] = [{ key: "in.pan.verify", input: { pan: d.pan, name: d.name, dob: d.dob, holder } }];
    if (aadhaar_link && holder === "individual") checks.push({ key: "in.pan.aadhaar_link", input: { pan: d.pan } });
    return checks;
  },
});
