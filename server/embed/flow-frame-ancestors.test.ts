/** Who may frame the hosted flow's page: its project's allowed origins, else nobody. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { addAllowedOrigin } from "../projects/allowed-origins";
import { flowFrameAncestors, flowPage } from "./flow-frame-ancestors";
import { flowDb } from "~/tests/fixtures/flow-db";

let db: Db;
let newSession: Awaited<ReturnType<typeof flowDb>>["newSession"];

beforeAll(async () => {
  ({ db, newSession } = await flowDb());
});

describe("flow frame-ancestors", () => {
  it("recognizes only the flow's own page", () => {
    expect(flowPage("/flow/ses_abc")).toEqual({ sessionId: "ses_abc" });
    expect(flowPage("/flow/whatever")).toEqual({ sessionId: null });
    for (const p of ["/flow/ses_abc/upload", "/flow/ses_abc/invite", "/flow", "/flowers/ses_abc", "/dashboard"]) expect(flowPage(p), p).toBeNull();
  });

  it("lists the project's allowed origins; none, or an unknown session, frames nothing", async () => {
    const s = await newSession();
    const project = (await db.session.findUniqueOrThrow({ where: { id: s.id }, select: { projectId: true } })).projectId;
    await db.project.update({ where: { id: project }, data: { allowedOrigins: [] } });
    expect(await flowFrameAncestors(db, s.id)).toBe("frame-ancestors 'none'");
    await addAllowedOrigin(db, project, "https://shop.example.com", { type: "system" });
    await addAllowedOrigin(db, project, "http://127.0.0.1:4100", { type: "system" });
    expect(await flowFrameAncestors(db, s.id)).toBe("frame-ancestors https://shop.example.com http://127.0.0.1:4100");
    expect(await flowFrameAncestors(db, "ses_doesnotexist")).toBe("frame-ancestors 'none'");
  });
});
