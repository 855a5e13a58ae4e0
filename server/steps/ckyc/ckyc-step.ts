/**
 * `ckyc`: the CKYC-first route (RBI KYC Directions, June 2025 amendment: download the customer's
 * record from CKYCR first, with consent). Put it right after `consent` and mark it not required.
 * With `authentication: otp` (the default, CKYC 1.3's rule for individuals) the applicant gives
 * their PAN and the mobile number on their record, the page has the step search CKYCR
 * (`in.ckyc.search`) and start the download (`in.ckyc.download`, `auth_factor: otp`), the registry
 * sends a code to that number, the applicant enters it (./ckyc-otp.ts), and the step is submitted
 * with the finished download. With `date_of_birth` the applicant gives their PAN and date of birth
 * and the step searches and downloads at once. A downloaded record prefills the profile and the
 * flow (name, mobile), gives the reference photo for face match (evidence `ckyc_photo`), and skips
 * the steps of the settings' `skip_steps` that are still open. Without a record (not found, a
 * factor that does not release it, an outage) or when the applicant goes on without CKYC, the
 * other steps run as usual. The work is in server/ckyc/run-ckyc-step.ts; the checks count for the
 * decision like any step's.
 */
import { defineStep } from "../step-type";
import { ckycStepInput, ZCkycSettings } from "./ckyc.schemas";

type Applicant = { pan: string; dob: string } | { checkId: string } | null;

export const ckycStep = defineStep({
  type: "ckyc",
  label: "CKYC record",
  description:
    "Fetches the applicant's KYC record from the Central KYC Registry with their PAN and a code the registry sends to the mobile number on the record (or their date of birth); a record found prefills the profile and skips the steps it proves.",
  for: ["kyc"],
  settings: ZCkycSettings,
  input: ({ settings }) => ckycStepInput(settings),
  async submit({ db, session, step, settings, input }) {
    const run = (applicant: Applicant) => async () => {
      // loaded when used: the registry is also read where the check providers must not load (publishing from the admin CLI)
      const { runCkycStep } = await import("../../ckyc/run-ckyc-step");
      await runCkycStep(db, session.id, step.name, settings, applicant);
    };
    if ("skip" in input) return { data: { skipped_by_applicant: true }, method: "declined", afterCommit: run(null) };
    if ("check_id" in input) {
      const { takeCkycOtp } = await import("./ckyc-otp");
      const { data, submittedAt } = await takeCkycOtp(db, session, step.name, input.check_id);
      return { data, method: "otp", submittedAt, afterCommit: run({ checkId: input.check_id }) };
    }
    return { data: { id_type: "pan", id_number: input.pan, dob: input.dob }, method: "registry", afterCommit: run({ pan: input.pan, dob: input.dob }) };
  },
  /** The pipeline's fallback when the submission's own search did not run (the checks of a submission are normally made at once). */
  plannedChecks({ data: d }) {
    return typeof d.id_number === "string" ? [{ key: "in.ckyc.search", input: { id_type: "pan", id_number: d.id_number } }] : [];
  },
  /** The page sees whether a record was found and downloaded, never its content. */
  publicValues: (d) => ({ outcome: d.outcome ?? null }),
});
