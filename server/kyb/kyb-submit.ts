/**
 * Submitting a KYB step of the hosted flow (called by server/flow/submit-step.ts): validates
 * the payload with the step's schema (server/kyb/kyb-step-inputs.ts) and says what to store,
 * which uploaded files to verify, what to do in the storing transaction (`key_people`: the
 * child sessions) and after it (`business_details`: the registry checks).
 */
import type { Db, Tx } from "../db";
import { DomainError } from "../errors";
import { type FlowContext, type FlowSessionRow, validationError } from "../flow/flow-session";
import { ZBusinessDetailsSettings, ZBusinessDocumentsSettings } from "../workflows/workflow.schemas";
import { businessDocumentKind, businessDocumentSlots } from "./business-documents";
import { runBusinessDetailsChecks } from "./business-checks";
import { businessDetails, businessLegalName } from "./business-profile";
import { syncKeyPeople } from "./key-people";
import { ZBankAccountStepInput, ZBusinessDetailsStepInput, ZKeyPeopleStepInput, businessDocumentsStepInput } from "./kyb-step-inputs";

export interface KybSubmission {
  data: Record<string, unknown>;
  method: string;
  /** Evidence files the payload names, each with the upload kind it must have. */
  files?: { ids: string[]; kinds: string[] };
  /** Runs in the transaction that stores the step; returns the data to store instead of `data`. */
  prepare?: (tx: Tx) => Promise<Record<string, unknown>>;
  /** Runs after that transaction committed. */
  afterCommit?: () => Promise<void>;
}

/** The documents the `business_documents` step of `s` asks (by the constitution entered in `business_details`). */
export function sessionDocumentSlots(s: Pick<FlowSessionRow, "steps">, settings: Record<string, unknown>) {
  return businessDocumentSlots(ZBusinessDocumentsSettings.parse(settings), businessDetails(s.steps)?.constitution);
}

/**
 * Parses a KYB step's payload.
 * @returns null when `step` is not a KYB step.
 * @throws DomainError parameter_invalid (field-level i18n keys; a constitution the step does not
 *   offer is `constitution_required`), step_not_available when
 *   `bank_account` comes before the business's name is known.
 */
export function parseKybStep(db: Db, ctx: FlowContext, s: FlowSessionRow, step: FlowSessionRow["steps"][number], settings: Record<string, unknown>, payload: unknown): KybSubmission | null {
  switch (step.type) {
    case "business_details": {
      const parsed = ZBusinessDetailsStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      if (!ZBusinessDetailsSettings.parse(settings).constitutions.includes(parsed.data.constitution)) {
        throw validationError({ issues: [{ path: ["constitution"], message: "constitution_required" }] });
      }
      return { data: parsed.data, method: "manual_entry", afterCommit: () => runBusinessDetailsChecks(db, s.id, step.name) };
    }
    case "business_documents": {
      const slots = sessionDocumentSlots(s, settings);
      const schema = businessDocumentsStepInput(
        slots.map((x) => x.type),
        slots.filter((x) => x.required).map((x) => x.type),
      );
      const parsed = schema.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      const entries = Object.entries(parsed.data.files);
      return { data: parsed.data, method: "upload", files: { ids: entries.map(([, id]) => id), kinds: entries.map(([type]) => businessDocumentKind(type)) } };
    }
    case "key_people": {
      const parsed = ZKeyPeopleStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      const actor = { type: "applicant" as const, id: s.id, ip: ctx.ip };
      return {
        data: parsed.data,
        method: "manual_entry",
        prepare: async (tx) => ({ ...(await syncKeyPeople(tx, s, settings, parsed.data, actor)) }),
      };
    }
    case "bank_account": {
      const parsed = ZBankAccountStepInput.safeParse(payload);
      if (!parsed.success) throw validationError(parsed.error);
      const name = businessLegalName(s.steps);
      if (!name) throw new DomainError("step_not_available", "Enter the business's details first.", { param: "step" });
      return { data: { ...parsed.data, name }, method: "manual_entry" };
    }
    default:
      return null;
  }
}
