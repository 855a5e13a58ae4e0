/**
 * The admin CLI as a user runs it (`npm run --silent cli -- ...` = `tsx scripts/cli.ts`), on the
 * embedded database: directly when no process holds it, and through the control channel when
 * another process (here: this test, standing in for the app) holds the PGlite lock.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { handleControlRequest } from "../server/cli/control-endpoint";
import { sha256Hex } from "../server/crypto/hash";
import { closeDb, getDb } from "../server/db";
import { publishControlFile } from "../server/local-control";
import { INDIA_WORKFLOWS } from "../server/workflows/india-workflows";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");

function cli(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", path.join(root, "scripts/cli.ts"), ...args], { cwd: root, env: { ...process.env }, timeout: 60_000 });
}

let server: Server | undefined;
afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

describe("admin CLI on the embedded database", () => {
  it("prints only a new key when no app is running, stored as a hash", async () => {
    const { stdout } = await cli("api-key", "create", "--project", "demo", "--mode", "test");
    expect(stdout).toMatch(/^sk_test_[A-Za-z0-9]{32}\n$/);
    const db = await getDb();
    const key = await db.apiKey.findUnique({ where: { hash: sha256Hex(stdout.trim()) }, select: { mode: true, project: { select: { slug: true } } } });
    expect(key).toEqual({ mode: "test", project: { slug: "demo" } });
    expect(await db.apiKey.count({ where: { hash: stdout.trim() } })).toBe(0);
  });

  it("forwards to the process holding the database instead of opening it twice", async () => {
    const db = await getDb(); // this process now holds the PGlite lock, like a running app
    server = createServer(async (req, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      const response = await handleControlRequest(
        new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body }),
      );
      res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    await publishControlFile((server.address() as AddressInfo).port);

    const { stdout } = await cli("api-key", "create", "--project", "partner", "--mode", "live");
    expect(stdout).toMatch(/^sk_live_[A-Za-z0-9]{32}\n$/);
    const key = await db.apiKey.findUnique({
      where: { hash: sha256Hex(stdout.trim()) },
      select: { project: { select: { slug: true, workflows: { select: { name: true } } } } },
    });
    expect(key?.project.slug).toBe("partner");
    expect(key?.project.workflows.map((w) => w.name).sort()).toEqual(INDIA_WORKFLOWS.map((w) => w.name).sort());

    const origin = await cli("project", "allow-origin", "--project", "partner", "https://shop.example.com");
    expect(origin.stdout).toContain("https://shop.example.com");
    const project = await db.project.findFirstOrThrow({ where: { slug: "partner" }, select: { allowedOrigins: true } });
    expect(project.allowedOrigins).toEqual(["https://shop.example.com"]);
  });

  it("sets an operator up: org create, user create, member add --role, project create (forwarded to the app), each audited", async () => {
    const db = await getDb(); // still held: the commands go through the control channel
    const org = await cli("org", "create", "--name", "Acme Lending");
    expect(org.stdout).toMatch(/^Organization Acme Lending created: slug acme-lending \(org_\w+\)\n$/);
    const user = await cli("user", "create", "--email", "Ops@Acme.test", "--password", "a long enough password", "--name", "Ops Lead");
    expect(user.stdout).toContain("User ops@acme.test created");
    expect(user.stdout).not.toContain("a long enough password");
    await cli("member", "add", "--org", "acme-lending", "--email", "ops@acme.test", "--role", "owner");
    const project = await cli("project", "create", "--org", "acme-lending", "--name", "Cards");
    expect(project.stdout).toMatch(/^Project Cards created: slug cards \(proj_\w+\), with the India workflows\n$/);

    const saved = await db.organization.findUniqueOrThrow({
      where: { slug: "acme-lending" },
      select: {
        memberships: { select: { role: true, user: { select: { email: true, name: true } } } },
        projects: { select: { slug: true, workflows: { select: { name: true } } } },
      },
    });
    expect(saved.memberships).toEqual([{ role: "owner", user: { email: "ops@acme.test", name: "Ops Lead" } }]);
    expect(saved.projects.map((p) => [p.slug, p.workflows.length])).toEqual([["cards", INDIA_WORKFLOWS.length]]);
    const key = (await cli("api-key", "create", "--project", "cards", "--org", "acme-lending", "--mode", "test")).stdout.trim();
    expect(
      await db.apiKey.findUnique({
        where: { hash: sha256Hex(key) },
        select: { project: { select: { slug: true, organization: { select: { slug: true } } } } },
      }),
    ).toEqual({
      project: { slug: "cards", organization: { slug: "acme-lending" } },
    });
    await expect(cli("api-key", "create", "--project", "nope", "--org", "acme-lending", "--mode", "test")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No such project"),
    });
    const audit = await db.auditLog.findMany({
      where: { actorType: "system", actorId: "cli", action: { in: ["organization.created", "user.created", "member.added", "project.created"] } },
    });
    expect(audit).toHaveLength(4);

    await expect(cli("member", "add", "--org", "acme-lending", "--email", "ops@acme.test", "--role", "boss")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("role"),
    });
    await expect(cli("user", "create", "--email", "ops@acme.test", "--password", "a long enough password")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("A user with the email ops@acme.test exists."),
    });
  });

  it("lists every command with --help", async () => {
    const { stdout } = await cli("--help");
    for (const command of ["org create", "user create", "member add", "project create", "api-key create", "project allow-origin", "lists import"])
      expect(stdout).toContain(command);
    expect(stdout).toContain("--role owner|admin|developer|reviewer|viewer");
  });

  it("explains bad usage on stderr with a non-zero exit", async () => {
    await closeDb();
    await expect(cli("api-key", "create", "--project", "demo", "--mode", "prod")).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("api-key create --project <slug> [--org <slug>] --mode test|live"),
    });
  });

  it("imports a list file as a version and prints its diff; a cut-short file fails with its line and imports nothing", async () => {
    const fixture = path.join(root, "tests/fixtures/screening/un-consolidated.xml");
    const { stdout } = await cli("lists", "import", "--source", "un", path.relative(root, fixture));
    expect(stdout).toMatch(
      /^UN Security Council consolidated list: version 1 \(slv_\w+\) imported from un-consolidated\.xml, published 2026-11-20, sha256 [0-9a-f]{64}\n {2}4 entries \(3 individuals, 1 entities\)\n {2}diff against the previous version: 4 added, 0 changed, 0 removed\n$/,
    );
    const dir = mkdtempSync(path.join(tmpdir(), "cli-lists-"));
    const cut = path.join(dir, "cut.xml");
    const xml = readFileSync(fixture, "utf8");
    writeFileSync(cut, xml.slice(0, xml.indexOf("<ENTITIES>")));
    await expect(cli("lists", "import", "--source", "un", cut)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^UN Security Council consolidated list, line \d+: not well-formed XML: the file ends inside <CONSOLIDATED_LIST> \(is it cut short\?\)\n$/,
      ),
    });
    const again = await cli("lists", "import", "--source", "un", fixture);
    expect(again.stdout).toMatch(/^UN Security Council consolidated list: unchanged, the same file as version 1 \(slv_\w+\)\.\n$/);
  });
});
