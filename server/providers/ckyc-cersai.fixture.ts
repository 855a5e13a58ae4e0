/**
 * A loopback stand-in for the Central KYC Records Registry for tests: a real HTTP server
 * (node:http on 127.0.0.1, port 0) speaking CKYCR's signed, encrypted XML (./ckyc-xml.ts). It
 * verifies the FI's signature, decrypts the PID with CERSAI's key, answers with a PID encrypted
 * for the FI and signed by CERSAI, or with the registry's error text in `CKYC_INQ/ERROR`.
 *
 * Behaviour by value:
 * - Search `ID_NO` ABCPE1234F: record 30000012341234 (reference `REF-RAVI`) of RAVI KUMAR;
 *   digits 9999: "No record found"; 7777: never answers; 5000: HTTP 500; 3333: "Invalid FI Code".
 * - Download `CKYC_NO` REF-RAVI with factor 01 `01-01-1990`, 02 `5600011990` or 03 `9876543210`:
 *   the record with a photo; another factor: "Authentication factor does not match"; another
 *   reference: "No record found".
 * - Upload: `UNDER_PROCESS` with a `REF_NO`; the status request then answers `ACCEPTED` with
 *   CKYC number 30000099990001 (the record's own `CKYC_NO` when it had one). A PAN with digits
 *   4444: `REJECTED` with remarks.
 * Knobs: `signAnswersWith` (a wrong CERSAI key: the answer's signature does not verify), the
 * request `log` (path, root element, decrypted PID as a tree, whether the FI's signature verified).
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { buildXml, openPid, parseXml, readTree, sealMessage, text, verifyXml, type XmlTree } from "./ckyc-xml";

/** A 2048-bit RSA key pair (CERSAI's or an FI's). */
export function rsaKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync("rsa", { modulusLength: 2048 });
}

export const FAKE_FI_CODE = "IN1234";
export const FAKE_PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

export interface FakeCkyc {
  baseUrl: string;
  cersai: { privateKey: KeyObject; publicKey: KeyObject };
  fi: { privateKey: KeyObject; publicKey: KeyObject };
  log: { path: string; root: string; signatureValid: boolean; pid: XmlTree }[];
  /** Sign answers with this key instead of CERSAI's (a forged or misconfigured answer). */
  signAnswersWith: KeyObject | null;
  close(): Promise<void>;
}

const RAVI = {
  CKYC_NO: "30000012341234",
  PREFIX: "MR",
  FNAME: "RAVI",
  LNAME: "KUMAR",
  FULLNAME: "RAVI KUMAR",
  FATHER_FULLNAME: "RAMESH KUMAR",
  GENDER: "M",
  DOB: "01-01-1990",
  PAN: "ABCPE1234F",
  PERM_LINE1: "12 MG ROAD",
  PERM_LINE2: "ASHOK NAGAR",
  PERM_CITY: "BENGALURU",
  PERM_DIST: "BENGALURU URBAN",
  PERM_STATE: "KA",
  PERM_PIN: "560001",
  MOB_NUM: "9876543210",
  EMAIL: "ravi@example.com",
  KYC_DATE: "01-04-2023",
};

/** Starts the fake registry with fresh CERSAI and FI key pairs. */
export async function startFakeCkyc(): Promise<FakeCkyc> {
  const fake: FakeCkyc = { baseUrl: "", cersai: rsaKeys(), fi: rsaKeys(), log: [], signAnswersWith: null, close: async () => {} };
  let refs = 0;
  const pendingUploads = new Map<string, string>();

  const answer = (root: string, requestId: string, pid: XmlTree | null, error?: string) =>
    sealMessage({
      root,
      header: { FI_CODE: FAKE_FI_CODE, REQUEST_ID: requestId, VERSION: "1.3" },
      pidXml: pid === null ? null : buildXml("PID_DATA", pid),
      error: error ?? null,
      recipient: fake.fi.publicKey,
      signer: fake.signAnswersWith ?? fake.cersai.privateKey,
    });

  function handle(path: string, root: string, pid: XmlTree): { status: number; body?: string; hang?: true; pid?: XmlTree | null; error?: string } {
    if (path.endsWith("/verify")) {
      const id = text(pid, "ID_NO") ?? "";
      const digits = id.slice(5, 9);
      if (digits === "7777") return { status: 200, hang: true };
      if (digits === "5000") return { status: 500, body: "Internal Server Error" };
      if (digits === "3333") return { status: 200, pid: null, error: "Invalid FI Code" };
      if (id !== RAVI.PAN) return { status: 200, pid: null, error: "No record found" };
      return {
        status: 200,
        pid: {
          SearchResponsePID: {
            CKYC_NO: "XXXXXXXXXX1234",
            CKYC_REFERENCE_ID: "REF-RAVI",
            NAME: RAVI.FULLNAME,
            FATHERS_NAME: RAVI.FATHER_FULLNAME,
            AGE: "36",
            KYC_DATE: RAVI.KYC_DATE,
            UPDATED_DATE: "02-04-2023",
            REMARKS: null,
          },
        },
      };
    }
    if (path.endsWith("/download")) {
      if (text(pid, "CKYC_NO") !== "REF-RAVI") return { status: 200, pid: null, error: "No record found" };
      const factors: Record<string, string> = { "01": "01-01-1990", "02": "5600011990", "03": RAVI.MOB_NUM };
      if (factors[text(pid, "AUTH_FACTOR_TYPE") ?? ""] !== text(pid, "AUTH_FACTOR"))
        return { status: 200, pid: null, error: "Authentication factor does not match" };
      return {
        status: 200,
        pid: {
          PERSONAL_DETAILS: RAVI,
          IDENTITY_DETAILS: { IDENTITY: [{ SEQUENCE_NO: "1", IDENT_TYPE: "C", IDENT_NUM: RAVI.PAN, IDVER_STATUS: "01" }] },
          IMAGE_DETAILS: {
            IMAGE: [
              { SEQUENCE_NO: "1", IMAGE_TYPE: "jpg", IMAGE_CODE: "04", IMAGE_DATA: "c2lnbmF0dXJl" },
              { SEQUENCE_NO: "2", IMAGE_TYPE: "jpg", IMAGE_CODE: "02", IMAGE_DATA: FAKE_PHOTO.toString("base64") },
            ],
          },
        },
      };
    }
    if (path.endsWith("/upload")) {
      if (root !== "CKYC_UPLOAD_REQUEST") return { status: 200, pid: null, error: "Invalid request" };
      if ((text(pid, "PERSONAL_DETAILS", "PAN") ?? "").slice(5, 9) === "4444") {
        return { status: 200, pid: { UPLOAD_STATUS: "REJECTED", REF_NO: `UPL${++refs}`, REMARKS: "Photograph not clear" } };
      }
      const ref = `UPL${++refs}`;
      pendingUploads.set(ref, text(pid, "CKYC_NO") ?? "30000099990001");
      return { status: 200, pid: { UPLOAD_STATUS: "UNDER_PROCESS", REF_NO: ref } };
    }
    if (path.endsWith("/status")) {
      const ref = text(pid, "REF_NO") ?? "";
      const number = pendingUploads.get(ref);
      if (!number) return { status: 200, pid: null, error: "Reference number not found" };
      return { status: 200, pid: { UPLOAD_STATUS: "ACCEPTED", REF_NO: ref, CKYC_NO: number } };
    }
    return { status: 404, body: "Not Found" };
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const xml = Buffer.concat(chunks).toString("utf8");
      const rootEl = parseXml(xml);
      const tree = rootEl ? readTree(rootEl) : null;
      const root = rootEl?.localName ?? "";
      const requestId = text(tree, "HEADER", "REQUEST_ID") ?? "";
      const signatureValid = verifyXml(xml, fake.fi.publicKey);
      let pid: XmlTree = null;
      try {
        const plain = openPid(text(tree, "CKYC_INQ", "PID") ?? "", text(tree, "CKYC_INQ", "SESSION_KEY") ?? "", fake.cersai.privateKey);
        const pidRoot = parseXml(plain);
        pid = pidRoot ? readTree(pidRoot) : null;
      } catch {
        pid = null;
      }
      fake.log.push({ path: req.url ?? "", root, signatureValid, pid });
      const send = (status: number, body: string) => {
        res.writeHead(status, { "content-type": "application/xml" });
        res.end(body);
      };
      if (!signatureValid) return send(200, answer(root, requestId, null, "Digital signature cannot be verified"));
      if (text(tree, "HEADER", "FI_CODE") !== FAKE_FI_CODE) return send(200, answer(root, requestId, null, "Invalid FI Code"));
      if (pid === null) return send(200, answer(root, requestId, null, "Unable to decrypt the request"));
      const out = handle(req.url ?? "", root, pid);
      if (out.hang) return;
      if (out.body !== undefined) return send(out.status, out.body);
      send(out.status, answer(root, requestId, out.pid ?? null, out.error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
