/**
 * The Aadhaar file an applicant of the demo shares in the `aadhaar` step of "India KYC (full)":
 * test mode accepts only documents signed with the sandbox's public test key
 * (server/providers/uidai-sandbox/), which no real UIDAI download is. `npm run demo` writes a
 * fresh Offline e-KYC ZIP of the invented test person (server/checks/aadhaar/fixtures) on every
 * start, since the check refuses one older than AADHAAR_OFFLINE_MAX_AGE_HOURS (72 h by default).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { offlineXml, referenceIdAt, signOfflineXml, zipBase64 } from "../server/checks/aadhaar/fixtures/aadhaar-fixtures";

/** The share code (ZIP password) of the demo file. */
export const DEMO_SHARE_CODE = "Ab1#";

const SANDBOX_KEY = fileURLToPath(new URL("../server/providers/uidai-sandbox/sandbox-key.pem", import.meta.url));

/**
 * Writes `<dir>/offlineaadhaar-demo.zip`, generated `now`, protected by DEMO_SHARE_CODE.
 * @returns the file's path.
 */
export async function writeDemoAadhaarZip(dir: string, now = new Date()): Promise<string> {
  const xml = signOfflineXml(offlineXml(referenceIdAt("4321", now), DEMO_SHARE_CODE), readFileSync(SANDBOX_KEY, "utf8"));
  const file = path.join(dir, "offlineaadhaar-demo.zip");
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, Buffer.from(await zipBase64("offlineaadhaar-demo.xml", xml, DEMO_SHARE_CODE), "base64"));
  return file;
}
