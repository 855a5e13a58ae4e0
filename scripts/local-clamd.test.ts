import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eicar } from "../tests/fixtures/clamd";
import { pingClamd } from "../server/uploads/ping-clamd";
import { scanBytes } from "../server/uploads/scan-bytes";
import { startClamd } from "./local-clamd";

const extra = mkdtempSync(path.join(tmpdir(), "kyc-clamd-extra-"));
afterAll(() => rmSync(extra, { recursive: true, force: true }));

describe("startClamd", () => {
  it("loads the EICAR signature plus the database files of the extra directories, and stops", async () => {
    // a database of our own in place of /var/lib/clamav: one .ndb signature for a marker string
    writeFileSync(path.join(extra, "marker.ndb"), `Kyc-Marker-Test:0:*:${Buffer.from("kyc-local-clamd-marker").toString("hex")}\n`);
    writeFileSync(path.join(extra, "README.txt"), "not a database\n");
    const clamd = await startClamd({ extraDatabaseDirs: [extra, path.join(extra, "absent")] });
    try {
      expect(clamd.systemDatabases).toEqual(["marker.ndb"]);
      const config = { clamd: { socket: clamd.socket! }, timeoutMs: 10_000, skipTestMode: false };
      expect(await scanBytes(eicar(), config)).toEqual({ infected: true, signatures: ["Eicar-Test-Signature.UNOFFICIAL"] });
      expect(await scanBytes(Buffer.from("xx kyc-local-clamd-marker xx"), config)).toEqual({ infected: true, signatures: ["Kyc-Marker-Test.UNOFFICIAL"] });
      expect(await scanBytes(Buffer.from("clean"), config)).toEqual({ infected: false });
    } finally {
      await clamd.stop();
    }
    expect(await pingClamd({ socket: clamd.socket! }, 500)).toBe(false);
  }, 120_000);
});
