/**
 * Dashboard sign-in (authenticate-user.ts): the lockout is counted in the database before a
 * password is checked, so attempts sent at once never check more than MAX_FAILED_LOGINS
 * passwords. Runs on this file's PGlite (one connection: the attempts queue in the order they
 * were sent) and, with TEST_POSTGRES_URL, on PostgreSQL with a pool of parallel connections.
 * Passwords (passwords.ts): argon2id; legacy bcrypt hashes upgraded at a good sign-in.
 */
import bcrypt from "bcryptjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../crypto/hash";
import { getDb, getSql, type Db } from "../db";
import { applyMigrations } from "../db/migrate";
import { authenticateUser, LOCKOUT_MS, LOGIN_THROTTLE_TTL_MS, MAX_FAILED_LOGINS, pruneLoginThrottles } from "./authenticate-user";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "./passwords";
import { racingDatabases } from "~/tests/fixtures/postgres-db";

const ARGON2ID_CURRENT = "$argon2id$v=19$m=19456,t=2,p=1$";
let n = 0;

async function newUser(db: Db, password: string, passwordHash?: string): Promise<string> {
  const email = `user${++n}@login.test`;
  await db.user.create({ data: { id: `usr_login_${n}_${Date.now()}`, email, name: "Asha Rao", passwordHash: passwordHash ?? (await hashPassword(password)) } });
  return email;
}

const throttleOf = (db: Db, email: string) => db.loginThrottle.findUnique({ where: { emailHash: sha256Hex(email) } });
const codes = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === "fulfilled" ? "signed_in" : ((r.reason as { code?: string }).code ?? String(r.reason))));
const count = (list: string[], code: string) => list.filter((c) => c === code).length;

describe.each(racingDatabases("login_test"))("lockout on %s", (_name, open) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open());
  });
  afterAll(() => close());

  it(`locks at the ${MAX_FAILED_LOGINS}th wrong password, for 15 minutes, even for the right one`, async () => {
    const email = await newUser(db, "right-password-1");
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) {
      await expect(authenticateUser(db, email, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
      expect((await throttleOf(db, email))?.lockedUntil).toBeNull();
    }
    await expect(authenticateUser(db, email, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    const { lockedUntil } = (await throttleOf(db, email))!;
    expect(lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    await expect(authenticateUser(db, email, "right-password-1")).rejects.toMatchObject({ code: "account_locked" });
    // the lock ends: a new window of attempts
    await expect(authenticateUser(db, email, "right-password-1", new Date(Date.now() + LOCKOUT_MS + 1_000))).resolves.toMatchObject({ email });
    expect(await throttleOf(db, email)).toBeNull();
  });

  it("four failures then a success start the count again", async () => {
    const email = await newUser(db, "right-password-1");
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await expect(authenticateUser(db, email, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticateUser(db, email, "right-password-1")).resolves.toMatchObject({ email });
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await expect(authenticateUser(db, email, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticateUser(db, ` ${email.toUpperCase()}`, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    await expect(authenticateUser(db, email, "right-password-1")).rejects.toMatchObject({ code: "account_locked" });
  });

  it("20 wrong passwords at once: exactly the limit are checked, the others are refused as locked", async () => {
    const email = await newUser(db, "right-password-1");
    const results = codes(await Promise.allSettled(Array.from({ length: 20 }, () => authenticateUser(db, email, "wrong"))));
    expect(count(results, "invalid_credentials")).toBe(MAX_FAILED_LOGINS);
    expect(count(results, "account_locked")).toBe(20 - MAX_FAILED_LOGINS);
    expect((await throttleOf(db, email))!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
  });

  it("on the threshold, 14 wrong and 1 right password at once never sign in", async () => {
    const email = await newUser(db, "right-password-1");
    for (let i = 1; i < MAX_FAILED_LOGINS; i++) await authenticateUser(db, email, "wrong").catch(() => {});
    const passwords = [...Array.from({ length: 14 }, () => "wrong"), "right-password-1"];
    const results = codes(await Promise.allSettled(passwords.map((p) => authenticateUser(db, email, p))));
    expect(count(results, "signed_in")).toBe(0);
    expect(count(results, "invalid_credentials")).toBe(1);
    expect(count(results, "account_locked")).toBe(14);
    await expect(authenticateUser(db, email, "right-password-1")).rejects.toMatchObject({ code: "account_locked" });
  });

  it("an unknown address answers like a known one: invalid_credentials, then account_locked", async () => {
    const known = await newUser(db, "right-password-1");
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i <= MAX_FAILED_LOGINS; i++) out.push(codes(await Promise.allSettled([authenticateUser(db, email, "wrong")]))[0]!);
      return out;
    };
    const unknown = await answers("nobody@login.test");
    expect(unknown).toEqual([...Array.from({ length: MAX_FAILED_LOGINS }, () => "invalid_credentials"), "account_locked"]);
    expect(await answers(known)).toEqual(unknown);
  });
});

describe("passwords", () => {
  let db: Db;
  beforeAll(async () => {
    await applyMigrations(await getSql());
    db = await getDb();
  });

  it("hashes with argon2id at the current parameters; the dummy hash costs the same", async () => {
    const hash = await hashPassword("some-password-1");
    expect(hash.startsWith(ARGON2ID_CURRENT)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword("some-password-1", hash)).toBe(true);
    expect(await verifyPassword("other-password", hash)).toBe(false);
    expect(await verifyPassword("some-password-1", null)).toBe(false);
  });

  it("a bcrypt hash still signs in, and is replaced by argon2id at that sign-in", async () => {
    const email = await newUser(db, "", await bcrypt.hash("legacy-password-1", 4));
    await expect(authenticateUser(db, email, "wrong")).rejects.toMatchObject({ code: "invalid_credentials" });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).passwordHash.startsWith("$2")).toBe(true);
    await expect(authenticateUser(db, email, "legacy-password-1")).resolves.toMatchObject({ email });
    const { passwordHash } = await db.user.findUniqueOrThrow({ where: { email } });
    expect(passwordHash.startsWith(ARGON2ID_CURRENT)).toBe(true);
    await expect(authenticateUser(db, email, "legacy-password-1")).resolves.toMatchObject({ email });
  });

  it("an unknown address takes about as long as a wrong password for a known one", async () => {
    const known = await newUser(db, "right-password-1");
    const ms = { known: [] as number[], unknown: [] as number[] };
    const time = async (email: string) => {
      const t0 = performance.now();
      await authenticateUser(db, email, "wrong").catch(() => {});
      return performance.now() - t0;
    };
    // interleaved, so both see the same load on the machine
    for (let i = 0; i < 9; i++) {
      await db.loginThrottle.deleteMany({ where: { emailHash: sha256Hex(known) } });
      ms.known.push(await time(known));
      ms.unknown.push(await time(`ghost${i}@login.test`));
    }
    const median = (list: number[]) => list.sort((a, b) => a - b)[list.length >> 1]!;
    expect(median(ms.unknown)).toBeGreaterThan(median(ms.known) * 0.5);
  });

  it("prunes throttle rows untouched for a day", async () => {
    const now = new Date();
    await authenticateUser(db, "old@login.test", "x", new Date(now.getTime() - LOGIN_THROTTLE_TTL_MS - 1_000)).catch(() => {});
    await authenticateUser(db, "recent@login.test", "x", new Date(now.getTime() - LOGIN_THROTTLE_TTL_MS + 60_000)).catch(() => {});
    await pruneLoginThrottles(db, now);
    expect(await throttleOf(db, "old@login.test")).toBeNull();
    expect(await throttleOf(db, "recent@login.test")).not.toBeNull();
  });
});
