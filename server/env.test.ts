/**
 * The one env schema: a malformed value is refused naming the variable, by `parseEnv`, by the
 * import that `next build` (next.config.ts) and start-up (instrumentation.ts) perform, and by a
 * live read of `env`.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { env, parseEnv } from "./env";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("parseEnv", () => {
  it("refuses SMTP_URL=not-a-url, naming SMTP_URL", () => {
    expect(() => parseEnv({ SMTP_URL: "not-a-url" })).toThrow(/Invalid environment variables:\n {2}SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it("names every invalid variable at once", () => {
    let message = "";
    try {
      parseEnv({ SMTP_URL: "not-a-url", PORT: "eighty", OIDC_ISSUER: "ftp://sso.example", DATA_DIR: "/data" });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(
      message
        .split("\n")
        .map((line) => line.split(":")[0]!.trim())
        .sort(),
    ).toEqual(["Invalid environment variables", "OIDC_ISSUER", "PORT", "SMTP_URL"]);
  });

  it("applies defaults, coerces numbers and treats empty strings as unset", () => {
    const e = parseEnv({ PORT: "8080", SMTP_URL: "", CLAMD_PORT: "3311", RATE_LIMIT_DISABLED: "1" });
    expect(e).toMatchObject({ PORT: 8080, DATA_DIR: ".data", CLAMD_PORT: 3311, RATE_LIMIT_DISABLED: true, SMTP_TIMEOUT_MS: undefined });
    expect(e.SMTP_URL).toBeUndefined();
  });
});

describe("env", () => {
  it("reads a variable when accessed, so a changed value takes effect", () => {
    vi.stubEnv("SMTP_TIMEOUT_MS", "2500");
    expect(env.SMTP_TIMEOUT_MS).toBe(2500);
    vi.stubEnv("SMTP_TIMEOUT_MS", "");
    expect(env.SMTP_TIMEOUT_MS).toBeUndefined();
    vi.stubEnv("SMTP_TIMEOUT_MS", "4000");
    expect(env.SMTP_TIMEOUT_MS).toBe(4000);
  });

  it("throws naming a variable whose value is malformed when it is read", () => {
    vi.stubEnv("SMTP_URL", "not-a-url");
    expect(() => env.SMTP_URL).toThrow(/Invalid environment variable SMTP_URL: SMTP_URL must be an smtp/);
  });

  it("answers undefined for a name it does not declare", () => {
    expect((env as unknown as Record<string, unknown>).NOT_DECLARED).toBeUndefined();
  });
});

describe("validation at build and start-up", () => {
  it("fails loading next.config.ts (`next build`) when SMTP_URL=not-a-url, naming SMTP_URL", async () => {
    vi.stubEnv("SMTP_URL", "not-a-url");
    await expect(import("~/next.config")).rejects.toThrow(/SMTP_URL/);
  });

  it("loads next.config.ts with a valid environment", async () => {
    vi.stubEnv("SMTP_URL", "smtp://mail.example.com:587");
    await expect(import("~/next.config")).resolves.toHaveProperty("default.poweredByHeader", false);
  });

  it("fails the server's start-up hook when SMTP_URL=not-a-url, naming SMTP_URL", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("SMTP_URL", "not-a-url");
    const { register } = await import("~/instrumentation");
    await expect(register()).rejects.toThrow(/SMTP_URL/);
  });

  it("skips the up-front check with SKIP_ENV_VALIDATION (a read still refuses the value)", async () => {
    vi.stubEnv("SKIP_ENV_VALIDATION", "1");
    vi.stubEnv("SMTP_URL", "not-a-url");
    const skipped = await import("./env");
    expect(() => skipped.env.SMTP_URL).toThrow(/SMTP_URL/);
  });
});
