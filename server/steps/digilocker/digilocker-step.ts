/**
 * `digilocker`: Aadhaar (and the issued documents the settings name) from the applicant's
 * DigiLocker, with their consent at DigiLocker (OAuth 2.0 with PKCE; server/digilocker/). The
 * flow sends the applicant to DigiLocker in the same tab and, back on the flow page, submits the
 * step with the authorization it returned with; the step then stores the e-Aadhaar XML and the
 * documents' evidence ids with their issuer and URI. Check: `in.aadhaar.digilocker` (UIDAI's
 * signature and freshness, the photo kept as `aadhaar_photo`, the selfie's reference photo).
 *
 * When DigiLocker holds no Aadhaar for the applicant, or they decline, the step takes what the
 * settings' `fallback` allows instead: an Offline e-KYC or a Secure QR, checked as the `aadhaar`
 * step's are. The page never gets the XML back, only the method and the documents' names.
 */
import { takeDigilockerOutcome } from "../../digilocker/digilocker-authorization";
import { offlineAadhaarCheck } from "../aadhaar/aadhaar-step";
import { defineStep } from "../step-type";
import { digilockerStepInput, ZDigilockerSettings } from "./digilocker.schemas";

export const digilockerStep = defineStep({
  type: "digilocker",
  label: "DigiLocker",
  description: "Aadhaar and issued documents from the applicant's DigiLocker, with their consent; Offline e-KYC or Secure QR as a fallback.",
  for: ["kyc"],
  settings: ZDigilockerSettings,
  input: ({ settings }) => digilockerStepInput(settings),
  /**
   * @throws DomainError parameter_invalid (`param: "authorization_id"`: `digilocker_declined`,
   *   `digilocker_no_aadhaar`, `digilocker_failed`) when the authorization did not complete, is
   *   another step's or was already used (checked in the storing transaction).
   */
  async submit({ session, step, input }) {
    if (input.method !== "digilocker") return { data: input, method: input.method };
    return {
      data: {},
      method: "digilocker",
      prepare: async (tx) => {
        const outcome = await takeDigilockerOutcome(tx, session.id, step.name, input.authorization_id);
        return { method: "digilocker", authorization_id: input.authorization_id, ...outcome };
      },
    };
  },
  plannedChecks({ data, method, steps }) {
    const chosen = typeof data.method === "string" ? data.method : method;
    if (chosen === "digilocker") return [{ key: "in.aadhaar.digilocker", input: { ekyc_xml: data.eaadhaar_xml } }];
    return [offlineAadhaarCheck(data, method, steps)];
  },
  publicValues: (d) => ({
    method: d.method ?? null,
    documents: Array.isArray(d.documents) ? d.documents.map((doc) => (doc as { name?: unknown }).name).filter((n) => typeof n === "string") : [],
  }),
});
