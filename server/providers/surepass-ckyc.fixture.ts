/**
 * A loopback Surepass speaking its documented CKYC v3 format (surepass-ckyc.ts gives the pages):
 * every answer is the envelope `{ data, status_code, success, message, message_code }`; a request
 * without `Authorization: Bearer SUREPASS_FAKE_TOKEN` answers 401.
 *
 * Behaviour is chosen by the value:
 * - Search (`id_number`'s last 4 digits): `9999` no records; `7777` hangs; `5000` 500; `4022`
 *   422 "Insufficient credits"; `1111` the records' flat shape (`records[].ckyc_identifier`); any
 *   other: `records[].record.ckyc_identifier` `IN<digits>`, name SANDBOX CKYC PERSON.
 * - Download initiate: an identifier not starting with `IN` 422 `no_record_found`; a mobile number
 *   other than `SUREPASS_FAKE_MOBILE` 422 `mobile_number_not_matched`; an identifier ending `5000`
 *   500; ending `2222` `status: downloaded` with the record at once (the registry had released it);
 *   otherwise `status: otp_sent` with a new 8-digit `request_id`, the code `SUREPASS_FAKE_OTP`.
 * - Download: `{ request_id, resend: true }` `status: otp_resent` with a new code (`SUREPASS_FAKE_RESENT_OTP`);
 *   `{ request_id, otp }`: an unknown request 422; `000000` 422 `otp_expired`; the right code
 *   `status: downloaded` with the record (photo code 02); a wrong one 422 `invalid_otp`, from the 4th
 *   wrong one 422 `otp_attempts_exceeded`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SUREPASS_FAKE_TOKEN = "eyJ.surepass.test";
export const SUREPASS_FAKE_MOBILE = "9876543210";
export const SUREPASS_FAKE_OTP = "968284";
export const SUREPASS_FAKE_RESENT_OTP = "424242";
/** A 1x1 JPEG's bytes as the record's photograph. */
export const SUREPASS_FAKE_PHOTO = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z",
  "base64",
);

export interface FakeSurepass {
  baseUrl: string;
  /** Every call: path and JSON body. */
  log: { path: string; body: Record<string, unknown> | null }[];
  /** Open download requests by request_id. */
  requests: Map<string, { identifier: string; otp: string; wrong: number }>;
  close(): Promise<void>;
}

const envelope = (status: number, data: unknown, message: string | null, code: string) => ({
  status,
  body: { data, status_code: status, success: status < 300, message, message_code: code },
});
type Answer = ReturnType<typeof envelope> | "hang";

const record = (identifier: string) => ({
  record_count_details: { update_count: 1, download_count: 4 },
  personal_details: {
    ckyc_no: "30012345671234",
    prefix: "MR",
    first_name: "SANDBOX",
    middle_name: "CKYC",
    last_name: "PERSON",
    full_name: "Sandbox Ckyc Person",
    father_full_name: "SANDBOX FATHER",
    gender: "MALE",
    dob: "01-01-1990",
    pan: "ABCPE1234F",
    perm_line1: "12 MG ROAD",
    perm_line2: "NEAR PARK",
    perm_line3: "",
    perm_city: "BENGALURU",
    perm_dist: "BENGALURU URBAN",
    perm_state: "KA",
    perm_pin: "560001",
    mob_num: SUREPASS_FAKE_MOBILE,
    email: "sandbox@example.com",
    kyc_date: "2023-04-01",
    ckyc_reference_id: identifier,
  },
  identity_details: [
    { sequence_no: 1, ident_type: "C", ident_num: "ABCPE1234F", idver_status: "01" },
    { sequence_no: 2, ident_type: "A", ident_num: "Z1234567", idver_status: "02" },
  ],
  related_person_details: null,
  image_details: [
    { sequence_no: 1, image_type: "jpg", image_code: "02", image_data: SUREPASS_FAKE_PHOTO.toString("base64") },
    { sequence_no: 2, image_type: "jpg", image_code: "04", image_data: "c2lnbmF0dXJl" },
  ],
});

/** Starts the fake vendor on 127.0.0.1 with an ephemeral port. */
export async function startFakeSurepass(): Promise<FakeSurepass> {
  let nextRequestId = 18454383;
  const fake: FakeSurepass = { baseUrl: "", log: [], requests: new Map(), close: async () => {} };

  function answer(path: string, body: Record<string, unknown>): Answer {
    if (path === "/api/v1/ckyc/v3/search/individual") {
      const id = String(body.id_number ?? "");
      const last4 = id.replace(/\D/g, "").slice(-4);
      if (!body.id_type || !id) return envelope(422, null, "id_type and id_number are required", "validation_error");
      if (last4 === "7777") return "hang";
      if (last4 === "5000") return envelope(500, null, "Internal Server Error", "internal_server_error");
      if (last4 === "4022") return envelope(422, null, "Insufficient credits", "insufficient_credits");
      if (last4 === "9999") return envelope(200, { client_id: "ckyc_v3_search_nomatch", records: [], record_count: 0 }, "Success", "success");
      const found = {
        ckyc_identifier: `INRMFE4927${id.replace(/\D/g, "").slice(-4).padStart(4, "0")}`,
        full_name: "SANDBOX CKYC PERSON",
        kyc_date: "01-04-2023",
      };
      const records = last4 === "1111" ? [found] : [{ record: found }];
      return envelope(200, { client_id: "ckyc_v3_search_abc", records, record_count: 1 }, "Success", "success");
    }
    if (path === "/api/v1/ckyc/v3/download/individual/initiate") {
      const identifier = String(body.ckyc_identifier ?? "");
      if (!identifier || !body.mobile_number) return envelope(422, null, "ckyc_identifier and mobile_number are required", "validation_error");
      if (identifier.endsWith("5000")) return envelope(500, null, "CKYC is not reachable", "internal_server_error");
      if (!identifier.startsWith("IN")) return envelope(422, null, "No record found for the given CKYC identifier", "no_record_found");
      if (body.mobile_number !== SUREPASS_FAKE_MOBILE) return envelope(422, null, "Mobile Number not matched with CKYC.", "mobile_number_not_matched");
      const requestId = String(nextRequestId++);
      if (identifier.endsWith("2222"))
        return envelope(
          200,
          { client_id: `ckyc_v3_download_${requestId}`, request_id: requestId, status: "downloaded", ckyc_download_data: record(identifier) },
          "Success",
          "success",
        );
      fake.requests.set(requestId, { identifier, otp: SUREPASS_FAKE_OTP, wrong: 0 });
      return envelope(200, { client_id: `ckyc_v3_download_${requestId}`, request_id: requestId, status: "otp_sent" }, "OTP sent successfully", "success");
    }
    if (path === "/api/v1/ckyc/v3/download/individual") {
      const requestId = String(body.request_id ?? "");
      const open = fake.requests.get(requestId);
      if ((body.otp === undefined) === (body.resend === undefined))
        return envelope(422, null, "Provide either otp or resend: true, not both", "validation_error");
      if (!open) return envelope(422, null, "Invalid request_id", "invalid_request_id");
      const data = { client_id: `ckyc_v3_download_${requestId}`, request_id: requestId };
      if (body.resend === true) {
        open.otp = SUREPASS_FAKE_RESENT_OTP;
        return envelope(200, { ...data, status: "otp_resent" }, "OTP resent successfully", "success");
      }
      if (body.otp === "000000") return envelope(422, null, "OTP has expired. Please request a new OTP.", "otp_expired");
      if (body.otp !== open.otp) {
        open.wrong += 1;
        if (open.wrong > 3) return envelope(422, null, "Maximum OTP attempts exceeded", "otp_attempts_exceeded");
        return envelope(422, null, "Invalid OTP", "invalid_otp");
      }
      fake.requests.delete(requestId);
      return envelope(200, { ...data, status: "downloaded", ckyc_download_data: record(open.identifier) }, "Success", "success");
    }
    return envelope(404, null, "Not Found", "not_found");
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? "").split("?")[0]!;
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      body = null;
    }
    fake.log.push({ path, body });
    if (req.headers.authorization !== `Bearer ${SUREPASS_FAKE_TOKEN}`) return send(res, envelope(401, null, "Invalid token", "unauthorized"));
    if (req.method !== "POST" || !body) return send(res, envelope(400, null, "Bad Request", "bad_request"));
    const a = answer(path, body);
    if (a !== "hang") send(res, a);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, envelope(500, null, "fixture error", "fixture_error")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function send(res: ServerResponse, a: { status: number; body: unknown }) {
  res.writeHead(a.status, { "content-type": "application/json" });
  res.end(JSON.stringify(a.body));
}
