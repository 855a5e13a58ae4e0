/** Session creation input rules that the /v1 schema alone cannot state (issue 21, Low). */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { seedDemo } from "../seed/seed-demo";
import { createSession } from "./create-session";
import { ZCreateSessionRequest } from "./session.schemas";

let db: Db;
let projectId: string;
let workflowId: string;
const actor = { type: "api_key" as const, id: "key_x" };

beforeAll(async () => {
  await applyMigrations(await getSql());
  db = await getDb();
  const seed = await seedDemo(db);
  projectId = seed.projectId;
  workflowId = seed.workflows.kyc;
});

describe("createSession country", () => {
  it("refuses a country other than the workflow's with parameter_invalid on country", async () => {
    await expect(createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId, country: "XX" }, actor)).rejects.toMatchObject({
      code: "parameter_invalid",
      param: "country",
    });
  });

  it("takes the workflow's own country in any case, and stores it upper case", async () => {
    const s = await createSession(db, { projectId, mode: "test" }, { workflow_id: workflowId, country: "in" }, actor);
    expect((await db.session.findUniqueOrThrow({ where: { id: s.id }, select: { country: true } })).country).toBe("IN");
  });
});

describe("ZCreateSessionRequest metadata", () => {
  it.each(["__proto__", "constructor", "prototype"])("refuses the reserved key %s at metadata.<key>", (key) => {
    const parsed = ZCreateSessionRequest.safeParse(JSON.parse(`{"workflow_id":"wf_x","metadata":{"plan":"gold","${key}":"x"}}`));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ["metadata", key], message: expect.stringContaining("reserved") })]);
  });

  it("keeps ordinary keys", () => {
    expect(ZCreateSessionRequest.parse({ workflow_id: "wf_x", metadata: { plan: "gold", constructor_id: "c" } }).metadata).toEqual({
      plan: "gold",
      constructor_id: "c",
    });
  });
});
