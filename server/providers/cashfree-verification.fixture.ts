/**
 * A loopback stand-in for Cashfree's Verification Suite for tests: a real HTTP server (node:http,
 * port 0) speaking the vendor's documented format (see cashfree-verification.ts for the links):
 * `POST /verification/pan` and `POST /verification/bank-account/sync`, authenticated by the
 * `x-client-id` / `x-client-secret` headers, errors as `{ type, code, message }`.
 *
 * Behaviour is chosen by the value:
 * - PAN `ABCPE1234F`: valid, registered name `RAVI KUMAR`, Aadhaar seeded `Y`. Digits `9999`: `valid:
 *   false` (not found); `8888`: seeded `N`; `6666`: `pan_status` DEACTIVATED; `7777`: hangs; `5000`: 500;
 *   `4290`: 429. Any other valid PAN: registered name = the name sent. A malformed PAN: 400.
 * - Bank accounts ending `9999`: INVALID_ACCOUNT_FAIL; `6666`: ACCOUNT_BLOCKED; `5555`:
 *   BENEFICIARY_BANK_OFFLINE; `7777`: hangs; `5000`: 500; any other: VALID, name at bank `JOHN DOE`.
 *   An account number shorter than 6 characters: 400 `bank_account_length_short`.
 * - Reverse penny drop: `POST /verification/reverse-penny-drop` creates a request (`CREATED`,
 *   valid 10 minutes) for a `verification_id` of `A-Za-z0-9._-` (else 400
 *   `verification_id_value_invalid`); the name `NO BALANCE` answers 422 `insufficient_balance`.
 *   `GET /verification/remitter/status?verification_id=` answers the request's status (400 "Please
 *   enter a valid verification_id" for one it does not know). The test pays with `payRpd` (payer
 *   name, or null for a bank that returned none; `FAILURE` with `failRpd`), expires it with
 *   `expireRpd`, and has the signed webhook posted with `sendRpdWebhook`.
 * - GSTIN, CIN and Udyam: ./cashfree-kyb.fixture.ts.
 * Knobs: `down` (every call answers 503), `log` (path, headers and body of each request).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import { cashfreeWebhookSignature } from "./cashfree-verification";
import { answerKyb } from "./cashfree-kyb.fixture";

export const CASHFREE_FAKE_ID = "CF_TEST_CLIENT";
export const CASHFREE_FAKE_SECRET = "cfsk_test_secret";

export interface FakeCashfree {
  /** Base URL including `/verification`, as the vendor documents it. */
  baseUrl: string;
  log: { path: string; apiVersion: string | undefined; body: Record<string, unknown> | null }[];
  /** When true, every call answers 503. */
  down: boolean;
  /** The reverse penny drop requests by verification_id, as `GET /remitter/status` answers them. */
  rpd: Map<string, Record<string, unknown>>;
  /** The applicant pays request `verificationId`: from account 026291800001191 (YESB0000262), payer name `payerName` (null: none returned). */
  payRpd(verificationId: string, payerName: string | null): void;
  /** The UPI payment of the request failed (`FAILURE`). */
  failRpd(verificationId: string): void;
  /** The request expired unpaid (`EXPIRED`). */
  expireRpd(verificationId: string): void;
  /** Posts the signed `RPD_BANK_ACCOUNT_VERIFICATION_*` webhook of the request to `url` (signed with `secret`, default the fake's). */
  sendRpdWebhook(url: string, verificationId: string, secret?: string): Promise<Response>;
  close(): Promise<void>;
}

const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const error = (type: string, code: string, message: string) => ({ type, code, message });

/**
 * Points the live Cashfree adapters at `fake` (vi.stubEnv, undone by vi.unstubAllEnvs). The adapters
 * are built from the environment when the provider registry loads: call vi.resetModules() after and
 * import what uses the registry then.
 */
export function stubCashfreeEnv(fake: Pick<FakeCashfree, "baseUrl">): void {
  vi.stubEnv("CASHFREE_VERIFICATION_BASE_URL", fake.baseUrl);
  vi.stubEnv("CASHFREE_CLIENT_ID", CASHFREE_FAKE_ID);
  vi.stubEnv("CASHFREE_CLIENT_SECRET", CASHFREE_FAKE_SECRET);
}

/**
 * The fake vendor for one test file: started before its tests, its request log and outage switch
 * reset before each test, closed after them. Call at the file's top level.
 * @returns a getter of the running fake (valid inside tests and hooks).
 */
export function fakeCashfreePerFile(): () => FakeCashfree {
  let fake: FakeCashfree | undefined;
  beforeAll(async () => {
    fake = await startFakeCashfree();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    fake!.log.length = 0;
    fake!.down = false;
  });
  return () => fake!;
}

/** Starts the fake vendor on 127.0.0.1 with an ephemeral port. */
export async function startFakeCashfree(): Promise<FakeCashfree> {
  const fake: FakeCashfree = {
    baseUrl: "",
    log: [],
    down: false,
    rpd: new Map(),
    payRpd(verificationId, payerName) {
      Object.assign(fake.rpd.get(verificationId)!, {
        status: "SUCCESS",
        bank_account: "026291800001191",
        ifsc: "YESB0000262",
        upi: "success@upi",
        name_at_bank: payerName ?? "",
        utr: "433712345678",
        processed_on: "2026-11-24T20:40:03+05:30",
        penny_collected_on: "2026-11-24T20:40:01+05:30",
        reversal_status: "TRANSFER_INITIATED",
        account_type: "SAVINGS",
      });
    },
    failRpd(verificationId) {
      fake.rpd.get(verificationId)!.status = "FAILURE";
    },
    expireRpd(verificationId) {
      fake.rpd.get(verificationId)!.status = "EXPIRED";
    },
    async sendRpdWebhook(url, verificationId, secret = CASHFREE_FAKE_SECRET) {
      const data = fake.rpd.get(verificationId)!;
      const event = { SUCCESS: "SUCCESS", FAILURE: "FAILURE", EXPIRED: "EXPIRED" }[String(data.status)] ?? "SUCCESS";
      const body = {
        signature: cashfreeWebhookSignature(data, secret),
        event_type: `RPD_BANK_ACCOUNT_VERIFICATION_${event}`,
        event_time: "2026-11-24 20:40:05",
        version: "v1",
        data,
      };
      return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  let nextReference = 1000;
  const verificationIds = new Set<string>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: Record<string, unknown> | null = null;
    try {
      const raw = Buffer.concat(chunks).toString("utf8");
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      return send(res, 400, error("validation_error", "request_invalid", "Invalid JSON"));
    }
    const path = req.url ?? "";
    fake.log.push({ path, apiVersion: req.headers["x-api-version"] as string | undefined, body });
    if (fake.down) return send(res, 503, error("api_error", "service_unavailable", "Service Unavailable"));
    if (req.headers["x-client-id"] !== CASHFREE_FAKE_ID || req.headers["x-client-secret"] !== CASHFREE_FAKE_SECRET) {
      return send(res, 401, error("authentication_error", "authentication_failed", "authentication Failed"));
    }
    const url = new URL(path, "http://fake");
    if (req.method === "GET" && url.pathname === "/verification/remitter/status") {
      const known = fake.rpd.get(url.searchParams.get("verification_id") ?? "");
      if (!known) return send(res, 400, error("validation_error", "verification_id_invalid", "Please enter a valid verification_id"));
      return send(res, 200, known);
    }
    if (req.method !== "POST") return send(res, 405, error("invalid_request_error", "method_not_allowed", "Method not allowed"));
    const reference_id = nextReference++;

    if (path === "/verification/reverse-penny-drop") {
      const verificationId = String(body?.verification_id ?? "");
      if (!/^[A-Za-z0-9._-]{1,50}$/.test(verificationId)) {
        return send(res, 400, error("validation_error", "verification_id_value_invalid", "verification_id : invalid value"));
      }
      if (body?.name === "NO BALANCE") return send(res, 422, error("validation_error", "insufficient_balance", "Insufficient balance"));
      const link = `pay?pa=success@upi&pn=Cashfree&tn=BAV&am=1.00&cu=INR&tr=${reference_id}`;
      const added = new Date();
      fake.rpd.set(verificationId, {
        bank_account: "",
        ifsc: "",
        upi: "",
        name_at_bank: "",
        verification_id: verificationId,
        ref_id: String(reference_id),
        utr: "",
        status: "CREATED",
        added_on: added.toISOString(),
        processed_on: "",
        penny_collected_on: "",
        reversal_status: "",
        account_type: "",
      });
      return send(res, 200, {
        verification_id: verificationId,
        ref_id: reference_id,
        valid_upto: new Date(added.getTime() + 10 * 60_000).toISOString(),
        upi_link: `upi://${link}`,
        gpay: `tez://upi/${link}`,
        bhim: `bhim://upi://${link}`,
        paytm: `paytmmp://${link}`,
        phonepe: `phonepe://${link}`,
        qr_code: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      });
    }

    if (path === "/verification/pan") {
      const pan = String(body?.pan ?? "");
      if (!PAN_PATTERN.test(pan)) return send(res, 400, error("validation_error", "pan_invalid", "pan : invalid value"));
      const digits = pan.slice(5, 9);
      if (digits === "7777") return; // hangs
      if (digits === "5000") return send(res, 500, error("api_error", "internal_error", "Internal Server Error"));
      if (digits === "4290") return send(res, 429, error("rate_limit_error", "too_many_requests", "Too many requests"));
      if (digits === "9999") return send(res, 200, { pan, reference_id, valid: false, message: "Invalid PAN", pan_status: "INVALID" });
      const registered = pan === "ABCPE1234F" ? "RAVI KUMAR" : String(body?.name ?? "").toUpperCase();
      const seeded = digits === "8888" ? "N" : "Y";
      return send(res, 200, {
        pan,
        type: pan[3] === "P" ? "Individual" : "Company",
        reference_id,
        name_provided: body?.name,
        registered_name: registered,
        valid: true,
        message: "PAN verified successfully",
        name_match_score: registered === String(body?.name ?? "").toUpperCase() ? "100.00" : "40.00",
        name_match_result: registered === String(body?.name ?? "").toUpperCase() ? "DIRECT_MATCH" : "NO_MATCH",
        aadhaar_seeding_status: seeded,
        aadhaar_seeding_status_desc: seeded === "Y" ? "Aadhaar is linked to PAN" : "Aadhaar is not linked to PAN",
        last_updated_at: "01/01/2019",
        name_pan_card: registered,
        pan_status: digits === "6666" ? "DEACTIVATED" : "VALID",
      });
    }

    if (path === "/verification/bank-account/sync") {
      const account = String(body?.bank_account ?? "");
      if (account.length < 6) return send(res, 400, error("validation_error", "bank_account_length_short", "bank_account : should be at least 6 characters"));
      const digits = account.slice(-4);
      if (digits === "7777") return; // hangs
      if (digits === "5000") return send(res, 500, error("api_error", "internal_error", "Internal Server Error"));
      const invalid = (code: string) => send(res, 200, { reference_id, account_status: "INVALID", account_status_code: code });
      if (digits === "9999") return invalid("INVALID_ACCOUNT_FAIL");
      if (digits === "6666") return invalid("ACCOUNT_BLOCKED");
      if (digits === "5555") return invalid("BENEFICIARY_BANK_OFFLINE");
      return send(res, 200, {
        reference_id,
        name_at_bank: "JOHN DOE",
        bank_name: "HDFC BANK",
        city: "MUMBAI",
        branch: "SANDOZ HOUSE",
        micr: 400240002,
        name_match_score: "100.00",
        name_match_result: "DIRECT_MATCH",
        account_status: "VALID",
        account_status_code: "ACCOUNT_IS_VALID",
        utr: "404223241811",
      });
    }

    const kyb = answerKyb(path, body, reference_id, verificationIds);
    if (kyb === "hang") return;
    if (kyb) return send(res, kyb.status, kyb.body);

    return send(res, 404, error("invalid_request_error", "not_found", "Not Found"));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, error("api_error", "fixture_error", "fixture error")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/verification`;
  return fake;
}
