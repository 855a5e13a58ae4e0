/**
 * The loopback Cashfree's "Know Your Business" answers (cashfree-verification.fixture.ts serves
 * them): `POST /verification/gstin`, `/cin` and `/udyam` in the vendor's documented format (see
 * cashfree-kyb.ts for the links), errors as `{ type, code, message }`.
 *
 * Behaviour is chosen by the value:
 * - GSTIN (digits 8-11): `9999` `valid: false` "GSTIN Doesn't Exist"; `6666` Cancelled (cancellation date
 *   2023-03-31); `5555` Suspended; `7777` hangs; `5000` 500; `4220` 422 "Insufficient balance"; `4000` 400
 *   "GstIn Verification is not enabled for this account"; `1111` HTTP 200 with neither a record nor a verdict;
 *   any other: Active (the page's example shape, without `valid`), legal name `SANDBOX
 *   TRADERS PRIVATE LIMITED`, trade name `SANDBOX TRADERS`. Not 15 characters starting with 2 digits: 400.
 * - CIN (last 4 digits): `9999` INVALID; `6666` STRIKE OFF; `7777` hangs; `5000` 502 "verification
 *   attempt failed"; any other: VALID, ACTIVE, incorporated 23-09-2015, directors `00000001` ASHA VERMA and
 *   `00000002` RAVI KUMAR. Not 21 characters: 400; a missing or repeated `verification_id`: 400 / 409.
 * - Udyam (last 4 digits): `9999` UDYAM_NOT_FOUND; `6666` UDYAM_IS_CANCELLED; `7777` hangs; `5000` 500;
 *   `4444` the flat answer (`status: SUCCESS`, Small); any other: the nested answer (`status: VALID`,
 *   `enterprise_data`, Micro). Not `UDYAM-XX-00-0000000`: 400.
 */

/** A fixture answer: HTTP status and JSON body, or "hang" (never answer). */
export type FakeAnswer = { status: number; body: unknown } | "hang";

const error = (type: string, code: string, message: string) => ({ type, code, message });
const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const bad = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: error(status === 409 ? "invalid_request_error" : "validation_error", code, message),
});

/** Answers a KYB path, or null when `path` is not one. `seenIds`: the verification ids used so far (409 on a repeat). */
export function answerKyb(path: string, body: Record<string, unknown> | null, referenceId: number, seenIds: Set<string>): FakeAnswer | null {
  if (path === "/verification/gstin") return gstin(body, referenceId);
  if (path !== "/verification/cin" && path !== "/verification/udyam") return null;
  const id = typeof body?.verification_id === "string" ? body.verification_id : "";
  if (!/^[A-Za-z0-9._-]{1,50}$/.test(id)) return bad(400, "verification_id_invalid", "verification_id is missing in the request.");
  if (seenIds.has(id)) return bad(409, "verification_id_already_exists", "verification id already exists");
  seenIds.add(id);
  return path === "/verification/cin" ? cin(body, referenceId, id) : udyam(body, referenceId, id);
}

function gstin(body: Record<string, unknown> | null, reference_id: number): FakeAnswer {
  const number = String(body?.GSTIN ?? "");
  if (!/^[0-9]{2}[A-Z0-9]{13}$/.test(number)) {
    return bad(400, "gstin_invalid", "GSTIN first 2 digits should be numeric and length should not exceed 15 and should be alphanumeric.");
  }
  const digits = number.slice(7, 11);
  if (digits === "7777") return "hang";
  if (digits === "5000") return { status: 500, body: error("api_error", "internal_error", "Unable to validate, please retry later") };
  if (digits === "4220") return bad(422, "insufficient_balance", "Insufficient balance to process this request");
  if (digits === "4000") return bad(400, "verification_not_enabled", "GstIn Verification is not enabled for this account");
  if (digits === "9999") return ok({ reference_id, GSTIN: number, valid: false, message: "GSTIN Doesn't Exist" });
  if (digits === "1111") return ok({ reference_id, GSTIN: number });
  const status = digits === "6666" ? "Cancelled" : digits === "5555" ? "Suspended" : "Active";
  return ok({
    reference_id,
    GSTIN: number,
    // the page's example answer has no `valid` / `message`; the SDK's schema has them
    ...(status === "Active" ? {} : { valid: true, message: "GSTIN Exists" }),
    legal_name_of_business: "SANDBOX TRADERS PRIVATE LIMITED",
    trade_name_of_business: "SANDBOX TRADERS",
    center_jurisdiction: "RANGE-I",
    state_jurisdiction: "WARD 1",
    date_of_registration: "2017-09-30",
    constitution_of_business: "Private Limited Company",
    taxpayer_type: "Regular",
    gst_in_status: status,
    last_update_date: "2022-03-01",
    ...(status === "Cancelled" ? { cancellation_date: "2023-03-31" } : {}),
    nature_of_business_activities: ["Supplier of Services"],
    principal_place_address: "First Floor 12 MG Road, Fort Mumbai Maharashtra 400001",
    principal_place_split_address: {
      building_number: "12",
      street: "MG Road",
      location: "Fort",
      district: "Mumbai",
      state: "Maharashtra",
      city: "Mumbai",
      pincode: "400001",
    },
  });
}

function cin(body: Record<string, unknown> | null, reference_id: number, verification_id: string): FakeAnswer {
  const number = String(body?.cin ?? "");
  if (!/^[A-Z0-9]{21}$/.test(number)) {
    return bad(400, "cin_invalid", "cin should be of 21 character alphanumeric string of format (X00000XX0000XXX000000).");
  }
  const digits = number.slice(-4);
  if (digits === "7777") return "hang";
  if (digits === "5000") return { status: 502, body: error("api_error", "verification_failed", "verification attempt failed") };
  if (digits === "9999") {
    return ok({
      verification_id,
      reference_id,
      status: "INVALID",
      cin: number,
      company_name: null,
      incorporation_date: null,
      cin_status: null,
      director_details: [],
    });
  }
  return ok({
    verification_id,
    reference_id,
    status: "VALID",
    cin: number,
    company_name: "SANDBOX PRIVATE LIMITED",
    registration_number: 82987,
    incorporation_date: "23-09-2015",
    cin_status: digits === "6666" ? "STRIKE OFF" : "ACTIVE",
    email: "office@example.in",
    incorporation_country: "INDIA",
    director_details: [
      { din: "00000001", name: "ASHA VERMA", dob: "1980-01-01", designation: "DIRECTOR", address: "MUMBAI, MAHARASHTRA, INDIA, 400001" },
      { din: "00000002", name: "RAVI KUMAR", dob: "1982-02-02", designation: "MANAGING DIRECTOR", address: "PUNE, MAHARASHTRA, INDIA, 411001" },
    ],
  });
}

function udyam(body: Record<string, unknown> | null, reference_id: number, verification_id: string): FakeAnswer {
  const number = String(body?.udyam ?? "");
  if (!/^UDYAM-[A-Z]{2}-[0-9]{2}-[0-9]{7}$/.test(number)) return bad(400, "udyam_invalid", "udyam : invalid value");
  const digits = number.slice(-4);
  if (digits === "7777") return "hang";
  if (digits === "5000") return { status: 500, body: error("api_error", "internal_error", "something went wrong") };
  if (digits === "9999") return ok({ verification_id, reference_id, status: "UDYAM_NOT_FOUND", udyam: number, message: "Enterprise does not exist" });
  if (digits === "6666") return ok({ verification_id, reference_id, status: "UDYAM_IS_CANCELLED", udyam: number });
  if (digits === "4444") {
    return ok({
      verification_id,
      reference_id,
      status: "SUCCESS",
      udyam_number: number,
      enterprise_name: "SANDBOX WORKS",
      owner_name: "ASHA VERMA",
      organization_type: "Proprietary",
      major_activity: "Manufacturing",
      enterprise_type: "Small",
      date_of_udyam_registration: "2022-01-02",
      split_address: { city: "Kanpur", district: "KANPUR NAGAR", state: "UTTAR PRADESH", pincode: "208021" },
    });
  }
  return ok({
    verification_id,
    reference_id,
    status: "VALID",
    udyam: number,
    message: "Enterprise exists",
    enterprise_data: {
      document_id: number,
      major_activity: "Services",
      enterprise_type: "Micro",
      classification_year: "2024-25",
      organization_type: "Proprietary",
      name: "SANDBOX ENTERPRISE",
      address: { city: "Mumbai", district: "MUMBAI", state: "MAHARASHTRA", pincode: "400001" },
      date_of_incorporation: "2020-05-29T00:00:00.000Z",
      date_of_udyam_registration: "2022-01-02T00:00:00.000Z",
      social_category: "General",
    },
  });
}
