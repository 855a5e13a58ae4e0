/**
 * The verified profile of a KYB session (`session.business`, GET /v1/sessions/{id}?expand=business):
 * what the applicant entered combined with the registry answers of its checks. Every field is
 * `{ value, source }`, `source` being the check key that answered it (`in.cin.verify`,
 * `in.gstin.verify`, `in.udyam.verify`, `in.pan.verify`, `in.bank_account.verify`,
 * `in.bank_account.reverse_penny_drop`) or
 * `applicant` when only the applicant said so (no check, or the check did not pass).
 * Identifiers also carry `verified` (their check passed). Pure: no I/O.
 */
import type { InputJsonValue } from "../generated/prisma/internal/prismaNamespace";
import type { TBusinessDetailsStepInput } from "../steps/business-details/business-details.schemas";
import type { StoredKeyPeople } from "./key-people";

/** A check of the session as the profile reads it (the latest per key, since its step's last submission). */
export interface ProfileCheck {
  checkKey: string;
  status: string;
  result: unknown;
}

type Field = { value: InputJsonValue | null; source: string; verified?: boolean };

/** The `business_details` data of the session, when submitted. */
export function businessDetails(steps: readonly { type: string; data: unknown }[]): TBusinessDetailsStepInput | undefined {
  return steps.find((st) => st.type === "business_details" && st.data)?.data as TBusinessDetailsStepInput | undefined;
}

/** The business's PAN step data (`pan` step with a non-individual PAN), when submitted. */
export function businessPan(steps: readonly { type: string; data: unknown }[]): { pan: string; name: string; dob?: string } | undefined {
  return steps
    .map((st) => (st.type === "pan" ? (st.data as { pan?: string; name?: string; dob?: string } | null) : null))
    .find((d) => d?.pan && d.pan[3] !== "P") as { pan: string; name: string; dob?: string } | undefined;
}

/** The business's legal name as entered (`business_details`, else the business PAN step's name). */
export function businessLegalName(steps: readonly { type: string; data: unknown }[]): string | undefined {
  return businessDetails(steps)?.legal_name ?? businessPan(steps)?.name;
}

const answer = (checks: readonly ProfileCheck[], key: string) => {
  const c = checks.find((x) => x.checkKey === key);
  return { passed: c?.status === "passed", result: (c?.result ?? {}) as Record<string, unknown> };
};

const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);

/** An identifier entered by the applicant, verified by `key` when that check passed. */
function identifier(value: string | undefined, key: string, checks: readonly ProfileCheck[]): Field | null {
  if (!value) return null;
  const passed = answer(checks, key).passed;
  return { value, source: passed ? key : "applicant", verified: passed };
}

/** A registry value when the check answered one, else the applicant's (or nothing). */
function registryOr(checks: readonly ProfileCheck[], sources: readonly [string, string][], entered: InputJsonValue | null | undefined): Field | null {
  for (const [key, field] of sources) {
    const value = str(answer(checks, key).result[field]);
    if (value) return { value, source: key };
  }
  return entered === undefined || entered === null ? null : { value: entered, source: "applicant" };
}

/**
 * Builds the profile from the session's steps and current checks.
 * @returns a JSON object; fields without any value are left out.
 */
export function buildBusinessProfile(steps: readonly { type: string; data: unknown }[], checks: readonly ProfileCheck[]): Record<string, InputJsonValue> {
  const details = businessDetails(steps);
  const pan = businessPan(steps);
  const mca = answer(checks, "in.cin.verify").result;
  const directors = Array.isArray(mca.directors) ? (mca.directors as InputJsonValue[]) : null;
  const people = steps.find((st) => st.type === "key_people" && st.data)?.data as StoredKeyPeople | undefined;
  const bank = steps.find((st) => st.type === "bank_account" && st.data)?.data as { account_number?: string; ifsc?: string } | undefined;
  const bankAnswer = answer(checks, "in.bank_account.verify");
  const upiAnswer = answer(checks, "in.bank_account.reverse_penny_drop");
  const fields: Record<string, Field | null> = {
    legal_name: registryOr(
      checks,
      [
        ["in.cin.verify", "company_name"],
        ["in.gstin.verify", "legal_name"],
      ],
      details?.legal_name ?? pan?.name,
    ),
    trade_name: registryOr(checks, [["in.gstin.verify", "trade_name"]], null),
    constitution: details ? { value: details.constitution, source: "applicant" } : null,
    status: registryOr(
      checks,
      [
        ["in.cin.verify", "company_status"],
        ["in.gstin.verify", "gstin_status"],
      ],
      null,
    ),
    incorporation_date: registryOr(checks, [["in.cin.verify", "incorporation_date"]], pan?.dob),
    registered_address: details ? { value: details.address as unknown as InputJsonValue, source: "applicant" } : null,
    pan: identifier(pan?.pan, "in.pan.verify", checks),
    gstin: identifier(details?.gstin, "in.gstin.verify", checks),
    cin: identifier(details?.cin, "in.cin.verify", checks),
    llpin: identifier(details?.llpin, "in.cin.verify", checks),
    udyam_number: identifier(details?.udyam_number, "in.udyam.verify", checks),
    enterprise_type: registryOr(checks, [["in.udyam.verify", "enterprise_type"]], null),
    directors: directors ? { value: directors, source: "in.cin.verify" } : null,
    key_people: people
      ? {
          value: people.people.map((p) => ({ name: p.name, role: p.role, ownership_percent: p.ownership_percent ?? null, session_id: p.session_id })),
          source: "applicant",
        }
      : null,
    bank_account: bank?.account_number
      ? {
          value: { account_number_last4: bank.account_number.slice(-4), ifsc: bank.ifsc ?? null, bank_name: str(bankAnswer.result.bank_name) },
          source: bankAnswer.passed ? "in.bank_account.verify" : "applicant",
          verified: bankAnswer.passed,
        }
      : upiAnswer.result.account_last4
        ? {
            // the reverse penny drop: the account the applicant paid from, as the bank reported it
            value: { account_number_last4: str(upiAnswer.result.account_last4), ifsc: str(upiAnswer.result.ifsc), bank_name: str(upiAnswer.result.bank_name) },
            source: "in.bank_account.reverse_penny_drop",
            verified: upiAnswer.passed,
          }
        : null,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, Field] => e[1] !== null)) as Record<string, InputJsonValue>;
}
