/**
 * Evidence download addresses (server/evidence/evidence.ts): the download is audited as the
 * actor who was issued the address (a dashboard user, or the API key of a /v1 call), and a
 * forged, altered or expired address opens nothing. The dashboard's `display` variant serves the
 * EXIF-stripped display copy (a PDF as it is, nothing for a file without a copy); `original` the
 * uploaded bytes; both audited with the variant.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { demoDb } from "~/tests/fixtures/demo-db";
import type { Db } from "../db";
import { createSession } from "../sessions/create-session";
import { blobStore } from "./blob-store";
import { EVIDENCE_URL_TTL_SECONDS, issueEvidenceAddress, openEvidence, storeEvidence } from "./evidence";

let db: Db;
let tenant: { projectId: string; mode: "test" };
let sessionId: string;
let fileId: string;
let reviewerId: string;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cf00000301010018dd8db00000000049454e44ae426082",
  "hex",
);
const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.replace(/^\/evidence\//, ""));

async function downloads() {
  return db.auditLog.findMany({
    where: { objectId: fileId, action: "evidence.downloaded" },
    orderBy: { createdAt: "asc" },
    select: { actorType: true, actorId: true, ip: true, data: true },
  });
}

beforeAll(async () => {
  const demo = await demoDb();
  db = demo.db;
  tenant = { projectId: demo.seed.projectId, mode: "test" };
  reviewerId = (await db.user.findUniqueOrThrow({ where: { email: "reviewer@demo.test" }, select: { id: true } })).id;
  sessionId = (await createSession(db, tenant, { workflow_id: demo.seed.workflows.kyc }, { type: "api_key", id: "key_evidence" })).id;
  fileId = await storeEvidence(db, { projectId: tenant.projectId, sessionId, step: "documents", kind: "pan_card_front", contentType: "image/png", data: PNG });
});

afterEach(() => vi.useRealTimers());

describe("evidence addresses", () => {
  it("a download from the dashboard is audited as the reviewer who opened the file, from the downloader's IP", async () => {
    const address = await issueEvidenceAddress(db, tenant, sessionId, fileId, { type: "user", id: reviewerId, ip: "203.0.113.9" });
    const file = await openEvidence(db, tokenOf(address.url), "198.51.100.4");
    expect(file?.headers["Content-Type"]).toBe("image/png");
    expect(file?.body.equals(PNG)).toBe(true);
    expect((await downloads()).at(-1)).toEqual({
      actorType: "user",
      actorId: reviewerId,
      ip: "198.51.100.4",
      data: { session_id: sessionId, variant: "original" },
    });
  });

  it("an address issued through /v1 keeps its API key", async () => {
    const address = await issueEvidenceAddress(db, tenant, sessionId, fileId, { type: "api_key", id: "key_evidence", ip: "198.51.100.1" });
    await openEvidence(db, tokenOf(address.url), null);
    expect((await downloads()).at(-1)).toMatchObject({ actorType: "api_key", actorId: "key_evidence", ip: null });
  });

  it("an altered actor, a forged signature or an expired address opens nothing and audits nothing", async () => {
    const address = await issueEvidenceAddress(db, tenant, sessionId, fileId, { type: "user", id: reviewerId });
    const [payload, mac] = tokenOf(address.url).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>;
    const altered = Buffer.from(JSON.stringify({ ...claims, u: "usr_someoneelse" })).toString("base64url");
    const before = (await downloads()).length;
    expect(await openEvidence(db, `${altered}.${mac}`, null)).toBeNull();
    expect(await openEvidence(db, `${payload}.${"A".repeat(mac!.length)}`, null)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + (EVIDENCE_URL_TTL_SECONDS + 1) * 1000, toFake: ["Date"] });
    expect(await openEvidence(db, tokenOf(address.url), null)).toBeNull();
    expect(await downloads()).toHaveLength(before);
  });
});

describe("display and original variants", () => {
  const reviewer = () => ({ type: "user" as const, id: reviewerId });
  const WEBP = Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8 display copy", "latin1");

  /** A stored file of `contentType`, with a display copy when `display` is given. */
  async function file(contentType: string, data: Buffer, display?: Buffer): Promise<string> {
    const id = await storeEvidence(db, { projectId: tenant.projectId, sessionId, step: "documents", kind: "pan_card_front", contentType, data });
    if (display) {
      const row = await db.evidenceFile.findUniqueOrThrow({ where: { id }, select: { storageKey: true } });
      await blobStore().put(`${row.storageKey}.display.webp`, display);
      await db.evidenceFile.update({ where: { id }, data: { displayKey: `${row.storageKey}.display.webp` } });
    }
    return id;
  }

  it("the display variant serves the display copy, not the original bytes; the original variant the bytes; each audited with its variant", async () => {
    const id = await file("image/png", PNG, WEBP);
    const shown = await openEvidence(db, tokenOf((await issueEvidenceAddress(db, tenant, sessionId, id, reviewer(), "display")).url), null);
    expect(shown?.headers["Content-Type"]).toBe("image/webp");
    expect(shown?.body.equals(WEBP)).toBe(true);
    const original = await openEvidence(db, tokenOf((await issueEvidenceAddress(db, tenant, sessionId, id, reviewer(), "original")).url), null);
    expect(original?.headers["Content-Type"]).toBe("image/png");
    expect(original?.body.equals(PNG)).toBe(true);
    const audit = await db.auditLog.findMany({ where: { objectId: id }, orderBy: { createdAt: "asc" }, select: { action: true, data: true } });
    expect(audit.map((a) => [a.action, (a.data as { variant?: string }).variant])).toEqual([
      ["evidence.address_issued", "display"],
      ["evidence.downloaded", "display"],
      ["evidence.address_issued", "original"],
      ["evidence.downloaded", "original"],
    ]);
  });

  it("a PDF has no display copy and is shown as it is; an image without one is not shown at all", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    const pdfId = await file("application/pdf", pdf);
    expect(
      (await openEvidence(db, tokenOf((await issueEvidenceAddress(db, tenant, sessionId, pdfId, reviewer(), "display")).url), null))?.body.equals(pdf),
    ).toBe(true);
    const heicId = await file("image/heic", Buffer.from("not displayable"));
    expect(await openEvidence(db, tokenOf((await issueEvidenceAddress(db, tenant, sessionId, heicId, reviewer(), "display")).url), null)).toBeNull();
  });
});
