import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DATA_ENCRYPTION_ENV, dataKey, parseDataKeys } from "./data-keys";
import { configuredKeyring, isSealed, isSealedWithCurrentKey, keyring, openText, sealText } from "./encryption";

const key = () => dataKey(randomBytes(32));

describe("sealText / openText", () => {
  const keys = keyring(key());

  it("round-trips any text, byte for byte, and never shows it", () => {
    const text = '{"client_token":"st_abc","name":"Ravi 😀 \\u0000"}';
    const sealed = sealText(text, "idem_1", keys);
    expect(sealed).toMatch(new RegExp(`^enc1\\.${keys.current.id}\\.[\\w-]{16}\\.[\\w-]+$`));
    expect(sealed).not.toContain("st_abc");
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(text)).toBe(false);
    expect(openText(sealed, "idem_1", keys)).toBe(text);
    expect(sealText(text, "idem_1", keys)).not.toBe(sealed); // a new IV every time
  });

  it("tells a value sealed with the current key from one due for re-sealing", () => {
    const old = key();
    const rotated = keyring(key(), [old]);
    expect(isSealedWithCurrentKey(sealText("s", "a", rotated), rotated)).toBe(true);
    expect(isSealedWithCurrentKey(sealText("s", "a", keyring(old)), rotated)).toBe(false);
    expect(isSealedWithCurrentKey("whsec_clear", rotated)).toBe(false);
  });

  it("refuses a value sealed for another row, altered, or malformed", () => {
    const sealed = sealText("secret", "idem_1", keys);
    expect(() => openText(sealed, "idem_2", keys)).toThrow();
    const parts = sealed.split(".");
    const data = Buffer.from(parts[3]!, "base64url");
    data[0]! ^= 1;
    expect(() => openText([...parts.slice(0, 3), data.toString("base64url")].join("."), "idem_1", keys)).toThrow();
    expect(() => openText("enc1.x", "idem_1", keys)).toThrow(/not a sealed value/);
  });

  it("rotates: a new key seals, a previous one still opens; a key no longer configured does not", () => {
    const old = key();
    const sealedBefore = sealText("secret", "r", keyring(old));
    const rotated = keyring(key(), [old]);
    expect(openText(sealedBefore, "r", rotated)).toBe("secret");
    expect(sealText("secret", "r", rotated).split(".")[1]).toBe(rotated.current.id);
    expect(() => openText(sealedBefore, "r", keyring(key()))).toThrow(new RegExp(`sealed with key ${old.id}`));
  });

  it("without DATA_ENCRYPTION_KEY seals with the key derived from AUTH_SECRET", () => {
    const configured = configuredKeyring();
    expect(openText(sealText("secret", "r"), "r")).toBe("secret");
    expect(configured.byId.get(configured.current.id)).toBe(configured.current);
  });
});

describe("data keys", () => {
  it("are 32 bytes of base64 or base64url, named by a hash prefix", () => {
    const raw = randomBytes(32);
    const [a, b] = parseDataKeys(`${raw.toString("base64")}, ${raw.toString("base64url")}`);
    expect(a!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(b!.id).toBe(a!.id);
    expect(() => parseDataKeys(randomBytes(16).toString("base64"))).toThrow(/32 bytes/);
    expect(() => parseDataKeys("not a key!")).toThrow(/base64/);
    expect(parseDataKeys(undefined)).toEqual([]);
  });

  it("fail start-up when malformed; DATA_ENCRYPTION_KEY takes one key", () => {
    const k = randomBytes(32).toString("base64");
    expect(DATA_ENCRYPTION_ENV.DATA_ENCRYPTION_KEY.parse(k)!.key).toHaveLength(32);
    expect(DATA_ENCRYPTION_ENV.DATA_ENCRYPTION_KEY.parse(undefined)).toBeUndefined();
    expect(DATA_ENCRYPTION_ENV.DATA_ENCRYPTION_KEY.safeParse(`${k},${k}`).success).toBe(false);
    expect(DATA_ENCRYPTION_ENV.DATA_ENCRYPTION_PREVIOUS_KEYS.parse(`${k},${k}`)).toHaveLength(2);
    expect(DATA_ENCRYPTION_ENV.DATA_ENCRYPTION_PREVIOUS_KEYS.safeParse("short").success).toBe(false);
  });
});
