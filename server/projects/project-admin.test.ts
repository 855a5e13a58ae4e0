/**
 * The admin console's project domain (issue 7): logo upload and branding in the flow state,
 * allowed origins, settings, the overview aggregates, and API key `lastUsedAt` throttling.
 */
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authenticateApiKey, createApiKey, LAST_USED_RESOLUTION_MS } from "../api-keys/create-api-key";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { blobStore } from "../evidence/blob-store";
import { getFlowState } from "../flow/flow-state";
import type { SessionStatus } from "../generated/prisma/enums";
import { newId } from "../ids";
import { seedDemo } from "../seed/seed-demo";
import { createSession } from "../sessions/create-session";
import { addAllowedOrigin, removeAllowedOrigin } from "./allowed-origins";
import { ensureProject } from "./ensure-project";
import { getProjectOverview } from "./project-overview";
import { readProjectLogo, removeProjectLogo, setProjectLogo } from "./project-logo";
import { getProjectSettings, updateProjectSettings } from "./project-settings";
import { ZProjectSettingsRequest } from "./project-settings.schemas";

let db: Db;
let projectId: string;
let workflowId: string;
const actor = { type: "user" as const, id: "usr_admin" };

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});

afterEach(() => vi.useRealTimers());

const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#2a55e0" } })
    .png()
    .toBuffer();

describe("hosted-flow logo", () => {
  it("stores a PNG, serves it at the branding address, and the flow state carries it with the brand colour", async () => {
    const bytes = await png();
    const branding = await setProjectLogo(db, projectId, bytes, actor);
    expect(branding.logoUrl).toMatch(new RegExp(`^/branding/${projectId}/logo-[0-9A-Za-z]{16}\\.png$`));
    const file = branding.logoUrl!.split("/").pop()!;
    const served = await readProjectLogo(db, projectId, file);
    expect(served?.contentType).toBe("image/png");
    expect(await sharp(served!.bytes).metadata()).toMatchObject({ format: "png", width: 64, height: 64 });

    await updateProjectSettings(db, projectId, ZProjectSettingsRequest.parse({ name: "Demo", retentionDays: 180, brandColor: "#0F766E" }), actor);
    const s = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId }, { type: "api_key", id: "key_x" });
    const state = await getFlowState(db, { sessionId: s.id, token: s.client_token });
    expect(state.session.branding).toEqual({ brandColor: "#0f766e", logoUrl: branding.logoUrl });

    // a new upload gets a new address; the old blob is gone and its address answers nothing
    const next = await setProjectLogo(
      db,
      projectId,
      await sharp(await png(32))
        .webp()
        .toBuffer(),
      actor,
    );
    expect(next.logoUrl).toMatch(/\.png$/); // stored as the PNG sharp renders from it
    expect(await readProjectLogo(db, projectId, file)).toBeNull();
    expect(await blobStore().get(`branding/${projectId}/${file}`)).toBeNull();
    // another project's id with this file name: nothing
    const other = await ensureProject(db, {
      organizationId: (await db.project.findUniqueOrThrow({ where: { id: projectId } })).organizationId,
      slug: "logo-other",
    });
    expect(await readProjectLogo(db, other.id, next.logoUrl!.split("/").pop()!)).toBeNull();

    expect((await removeProjectLogo(db, projectId, actor)).logoUrl).toBeNull();
    expect((await getProjectSettings(db, projectId)).branding.logoUrl).toBeNull();
  });

  it("stores an SVG as the PNG it renders to, so no markup (scripts, <set>, <animate>, stylesheets) is ever served", async () => {
    const svg = (body: string, prolog = "") =>
      Buffer.from(`<?xml version="1.0"?>${prolog}<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">${body}</svg>`);
    const stored = async (bytes: Uint8Array) => {
      const { logoUrl } = await setProjectLogo(db, projectId, bytes, actor);
      expect(logoUrl).toMatch(/\.png$/);
      const served = (await readProjectLogo(db, projectId, logoUrl!.split("/").pop()!))!;
      expect(served.contentType).toBe("image/png");
      return served.bytes;
    };
    const plain = await stored(svg('<rect width="10" height="10" fill="#123456"/>'));
    // rendered to fit 512 px, the colour kept
    expect(await sharp(plain).metadata()).toMatchObject({ format: "png", width: 512, height: 512 });
    const { data } = await sharp(plain).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x12, 0x34, 0x56]);
    // what a markup filter could miss is now only pixels
    for (const active of [
      svg('<a href="#"><set attributeName="href" to="javascript:alert(1)"/><rect width="10" height="10"/></a>'),
      svg('<animate attributeName="href" values="javascript:alert(1)"/><rect width="10" height="10"/>'),
      svg('<rect width="10" height="10"/>', '<?xml-stylesheet href="https://tracker.example/x.css"?>'),
      svg('<script>alert(1)</script><rect width="10" height="10"/>'),
    ]) {
      const bytes = await stored(active);
      expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
      expect(bytes.toString("latin1")).not.toMatch(/script|javascript|animate|stylesheet/);
    }
  });

  it("refuses other formats, unreadable images and files over 512 KiB", async () => {
    const refused = async (bytes: Uint8Array) => {
      try {
        await setProjectLogo(db, projectId, bytes, actor);
        return null;
      } catch (err) {
        return (err as { code?: string; message: string }).code + ": " + (err as Error).message;
      }
    };
    const before = (await getProjectSettings(db, projectId)).branding.logoUrl;
    expect(
      await refused(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe("file_type_not_allowed: Upload a PNG, SVG or WebP image.");
    expect(await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect'))).toMatch(/^file_type_not_allowed: This image cannot be read/);
    expect(await refused(Buffer.concat([await png(), Buffer.alloc(512 * 1024)]))).toBe("file_too_large: The logo is larger than 512 KiB.");
    // the earlier logo is still the logo
    expect((await getProjectSettings(db, projectId)).branding.logoUrl).toBe(before);
  });

  it("serves a logo stored as SVG before rasterising as a PNG", async () => {
    const key = `branding/${projectId}/logo-${"A".repeat(16)}.svg`;
    await blobStore().put(
      key,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><set attributeName="x" to="1"/><rect width="4" height="4"/></svg>'),
    );
    await db.project.update({ where: { id: projectId }, data: { logoKey: key } });
    const served = (await readProjectLogo(db, projectId, key.split("/").pop()!))!;
    expect(served.contentType).toBe("image/png");
    expect((await sharp(served.bytes).metadata()).format).toBe("png");
  });
});

describe("settings", () => {
  it("validates with the form's schema and audits what changed", async () => {
    expect(ZProjectSettingsRequest.safeParse({ name: "Demo", retentionDays: 3, brandColor: null }).error?.issues[0]?.message).toBe(
      "Keep data at least 7 days.",
    );
    expect(ZProjectSettingsRequest.safeParse({ name: "Demo", retentionDays: 30, brandColor: "blue" }).error?.issues[0]?.message).toBe(
      "Use a hex colour like #2a55e0.",
    );
    const before = await getProjectSettings(db, projectId);
    const after = await updateProjectSettings(db, projectId, ZProjectSettingsRequest.parse({ name: "Demo KYC", retentionDays: 90, brandColor: null }), actor);
    expect(after).toMatchObject({ name: "Demo KYC", retentionDays: 90, branding: { brandColor: null } });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { objectId: projectId, action: "project.settings_changed" },
      orderBy: { createdAt: "desc" },
      select: { data: true },
    });
    expect(audit.data).toEqual({
      name: { from: before.name, to: "Demo KYC" },
      retentionDays: { from: before.retentionDays, to: 90 },
      brandColor: { from: before.branding.brandColor, to: null },
    });
    await updateProjectSettings(db, projectId, ZProjectSettingsRequest.parse({ name: "Demo", retentionDays: 365, brandColor: null }), actor);
  });

  it("adds and removes allowed origins, refusing non-origins; a session may then redirect there", async () => {
    expect(await addAllowedOrigin(db, projectId, "https://shop.example.com/", actor)).toContain("https://shop.example.com");
    expect(await addAllowedOrigin(db, projectId, "https://shop.example.com", actor)).toEqual(["https://shop.example.com"]);
    await expect(addAllowedOrigin(db, projectId, "https://shop.example.com/path", actor)).rejects.toMatchObject({ code: "parameter_invalid", param: "origin" });
    await expect(addAllowedOrigin(db, projectId, "javascript:alert(1)", actor)).rejects.toMatchObject({ code: "parameter_invalid" });
    await createSession(
      db,
      { projectId, mode: "test" },
      { workflow_id: workflowId, redirect_url: "https://shop.example.com/done" },
      { type: "api_key", id: "k" },
    );
    expect(await removeAllowedOrigin(db, projectId, "https://shop.example.com", actor)).toEqual([]);
    await expect(
      createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId, redirect_url: "https://shop.example.com/done" }, { type: "api_key", id: "k" }),
    ).rejects.toMatchObject({ code: "redirect_url_not_allowed" });
  });
});

describe("API key lastUsedAt", () => {
  it("is written on first use and then at most once a minute, in the background", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = new Date("2026-11-21T10:00:00.000Z");
    vi.setSystemTime(t0);
    const { id, secret } = await createApiKey(db, { projectId, mode: "test", name: "throttle" });
    const spy = vi.spyOn(db.apiKey, "updateMany");
    const lastUsed = async () => (await db.apiKey.findUniqueOrThrow({ where: { id }, select: { lastUsedAt: true } })).lastUsedAt;

    await authenticateApiKey(db, `Bearer ${secret}`);
    await expect.poll(lastUsed).toEqual(t0);
    for (let i = 0; i < 5; i++) {
      vi.setSystemTime(new Date(t0.getTime() + 10_000 * i));
      await authenticateApiKey(db, `Bearer ${secret}`);
    }
    expect(spy.mock.calls.filter(([a]) => (a as { where: { id: string } }).where.id === id)).toHaveLength(1);

    const t1 = new Date(t0.getTime() + LAST_USED_RESOLUTION_MS + 1);
    vi.setSystemTime(t1);
    await authenticateApiKey(db, `Bearer ${secret}`);
    await expect.poll(lastUsed).toEqual(t1);
    expect(spy.mock.calls.filter(([a]) => (a as { where: { id: string } }).where.id === id)).toHaveLength(2);
    spy.mockRestore();
  });
});

describe("overview", () => {
  it("counts sessions per local day by status, the approval rate, the median time to decision and the review queue", async () => {
    const org = await db.organization.create({ data: { id: newId("organization"), name: "Overview Org", slug: "overview-org" }, select: { id: true } });
    const p = await ensureProject(db, { organizationId: org.id, slug: "ov" });
    const wf = await (await import("../seed/seed-demo")).ensureIndiaWorkflows(db, p.id);
    const tenant = { projectId: p.id, mode: "test" as const };
    const now = new Date("2026-11-21T12:00:00.000Z"); // 17:30 in India

    /** A session created at `created` that went to processing at +processing s and was decided/queued at +final s. */
    async function session(created: string, status: SessionStatus, processingAfter?: number, finalAfter?: number) {
      const s = await createSession(db, tenant, { workflow_id: wf.kyc }, { type: "api_key", id: "k" });
      const c = new Date(created);
      const at = (sec: number) => new Date(c.getTime() + sec * 1000);
      await db.session.update({
        where: { id: s.id },
        data: { status, createdAt: c, completedAt: status === "approved" || status === "declined" ? at(finalAfter!) : null },
      });
      if (processingAfter !== undefined)
        await db.sessionHistory.create({
          data: {
            id: newId("history"),
            sessionId: s.id,
            fromStatus: "in_progress",
            toStatus: "processing",
            actorType: "system",
            createdAt: at(processingAfter),
          },
        });
      if (status === "review")
        await db.sessionHistory.create({
          data: { id: newId("history"), sessionId: s.id, fromStatus: "processing", toStatus: "review", actorType: "system", createdAt: at(finalAfter!) },
        });
      return s.id;
    }
    await session("2026-11-21T10:00:00.000Z", "approved", 60, 120); // decided 60 s after submission
    await session("2026-11-21T09:00:00.000Z", "approved", 100, 400); // 300 s
    await session("2026-11-20T20:00:00.000Z", "declined", 0, 1000); // 1000 s; 01:30 on the 21st in India
    await session("2026-11-20T17:00:00.000Z", "review", 10, 20); // 22:30 on the 20th in India; queued since 17:00:20Z
    await session("2026-11-19T08:00:00.000Z", "review", 10, 3600); // queued since 09:00:00Z on the 19th
    await session("2026-11-21T11:00:00.000Z", "created");
    await session("2026-10-01T11:00:00.000Z", "approved", 0, 5); // outside the window

    const ist = await getProjectOverview(db, tenant, { days: 30, timeZone: "Asia/Kolkata" }, now);
    expect(ist.days).toHaveLength(30);
    expect(ist.days.at(-1)).toEqual({ date: "2026-11-21", total: 4, byStatus: { approved: 2, declined: 1, created: 1 } });
    expect(ist.days.at(-2)).toEqual({ date: "2026-11-20", total: 1, byStatus: { review: 1 } });
    expect(ist.days.at(-3)).toEqual({ date: "2026-11-19", total: 1, byStatus: { review: 1 } });
    expect(ist.days[0]!.date).toBe("2026-10-23");
    expect(ist.totals).toEqual({ created: 6, approved: 2, declined: 1, decided: 3 });
    expect(ist.approvalRate).toBeCloseTo(2 / 3);
    expect(ist.medianDecisionSeconds).toBe(300);
    expect(ist.queue).toEqual({ size: 2, oldestEnteredAt: new Date("2026-11-19T09:00:00.000Z") });

    // in UTC the 20:00Z decline belongs to the 20th
    const utc = await getProjectOverview(db, tenant, { days: 30, timeZone: "UTC" }, now);
    expect(utc.days.at(-1)).toEqual({ date: "2026-11-21", total: 3, byStatus: { approved: 2, created: 1 } });
    expect(utc.days.at(-2)).toEqual({ date: "2026-11-20", total: 2, byStatus: { declined: 1, review: 1 } });

    // live mode has nothing
    const live = await getProjectOverview(db, { ...tenant, mode: "live" }, { days: 30, timeZone: "UTC" }, now);
    expect(live).toMatchObject({
      totals: { created: 0, decided: 0 },
      approvalRate: null,
      medianDecisionSeconds: null,
      queue: { size: 0, oldestEnteredAt: null },
    });
  });
});
