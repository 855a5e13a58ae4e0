/** Who may frame the hosted flow's page: its project's allowed origins, else nobody. */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db";
import { addAllowedOrigin } from "../projects/allowed-origins";
import { FLOW_LOCALE_HEADER, flowPage, flowPageSession, pageLocale } from "./flow-frame-ancestors";
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
    expect(await flowPageSession(db, s.id)).toEqual({ csp: "frame-ancestors 'none'", locale: "en" });
    await addAllowedOrigin(db, project, "https://shop.example.com", { type: "system" });
    await addAllowedOrigin(db, project, "http://127.0.0.1:4100", { type: "system" });
    expect((await flowPageSession(db, s.id)).csp).toBe("frame-ancestors https://shop.example.com http://127.0.0.1:4100");
    expect(await flowPageSession(db, "ses_doesnotexist")).toEqual({ csp: "frame-ancestors 'none'", locale: null });
  });

  it("gives the session's language, which the page's lang follows; other pages are English", async () => {
    const s = await newSession();
    await db.session.update({ where: { id: s.id }, data: { locale: "hi" } });
    expect((await flowPageSession(db, s.id)).locale).toBe("hi");
    expect(pageLocale(new Headers({ [FLOW_LOCALE_HEADER]: "hi" }))).toBe("hi");
    for (const v of [null, "", "fr", "hi-IN"]) expect(pageLocale(new Headers(v === null ? {} : { [FLOW_LOCALE_HEADER]: v })), String(v)).toBe("en");
  });
});
