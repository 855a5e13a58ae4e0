/**
 * `consent`: the DPDP Act 2023 notice the applicant accepts before anything is collected. The
 * consent is stored with the notice version, purposes, time, IP address and user agent, and
 * recorded in the audit log (`consent.recorded`) in the same transaction. No checks.
 */
import { writeAudit } from "../../audit/write-audit";
import { DomainError } from "../../errors";
import { defineStep } from "../step-type";
import { ZConsentSettings, ZConsentStepInput } from "./consent.schemas";

export const consentStep = defineStep({
  type: "consent",
  label: "Consent",
  description: "The privacy notice (DPDP Act 2023) the applicant accepts before anything is collected.",
  for: ["kyc", "kyb"],
  settings: ZConsentSettings,
  input: () => ZConsentStepInput,
  /** @throws DomainError parameter_invalid `notice_outdated` when the applicant saw another version of the notice. */
  async submit({ flow, session, settings, input, actor }) {
    if (input.notice_version !== settings.notice_version) throw new DomainError("parameter_invalid", "notice_outdated", { param: "notice_version" });
    const data = {
      accepted: true,
      notice_version: settings.notice_version,
      purposes: settings.purposes,
      at: new Date().toISOString(),
      ip: flow.ip ?? null,
      user_agent: flow.userAgent ?? null,
    };
    return {
      data,
      method: "checkbox",
      prepare: async (tx) => {
        await writeAudit(tx, {
          actor,
          action: "consent.recorded",
          objectType: "session",
          objectId: session.id,
          projectId: session.projectId,
          mode: session.mode,
          data: { notice_version: data.notice_version },
        });
        return data;
      },
    };
  },
  /** The page sees whether and which notice was accepted, not the IP address or user agent. */
  publicValues: (d) => ({ accepted: d.accepted ?? null, notice_version: d.notice_version ?? null }),
});
