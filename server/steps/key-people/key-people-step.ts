/**
 * `key_people`: the directors, partners and beneficial owners of a business. Each person whose
 * role the settings verify gets a KYC session of their own, created in the transaction that
 * stores the step (server/kyb/key-people.ts), and the business does not go to `processing`
 * until each is settled. No checks of its own. Publishing checks that `kyc_workflow` names a
 * published KYC workflow of the project (the KYC workflow is checked again on submission).
 */
import { findKycWorkflow } from "../../kyb/key-people-workflow";
import { syncKeyPeople, waitsForKeyPeople } from "../../kyb/key-people";
import { defineStep } from "../step-type";
import { ZKeyPeopleSettings, ZKeyPeopleStepInput } from "./key-people.schemas";

export const keyPeopleStep = defineStep({
  type: "key_people",
  label: "Key people",
  description: "Directors, partners and beneficial owners, each verified as an individual.",
  for: ["kyb"],
  settings: ZKeyPeopleSettings,
  input: () => ZKeyPeopleStepInput,
  /** Stores the people with their `session_id`. @throws DomainError workflow_not_published (in the transaction) when `kyc_workflow` is unusable. */
  submit: async ({ session, settings, input, actor }) => ({
    data: input,
    method: "manual_entry",
    prepare: async (tx) => ({ ...(await syncKeyPeople(tx, session, settings, input, actor)) }),
  }),
  holdsProcessing: waitsForKeyPeople,
  async publishProblems(tx, projectId, { kyc_workflow: ref }) {
    if (await findKycWorkflow(tx, projectId, ref)) return [];
    return [{ path: ["kyc_workflow"], message: `'${ref}' is not a published KYC workflow of this project. Publish it first, or name another.` }];
  },
});
