/**
 * The Devanagari font ships cut to the characters of the Hindi messages (scripts/subset-fonts.sh,
 * app/fonts.ts): a character added to the Hindi messages (hi-*.ts) that the file lacks would fall
 * back to another font.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const codepoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

describe("the Hindi font subset", () => {
  it("has every Devanagari character of the Hindi messages (else rerun scripts/subset-fonts.sh)", () => {
    const inFont = new Set(readFileSync(path.join(root, "app/_fonts/noto-sans-devanagari-chars.txt"), "utf8").trim().split(","));
    const dir = path.join(root, "components/flow/i18n");
    const files = readdirSync(dir).filter((f) => /^hi-.*\.ts$/.test(f) && !f.endsWith(".test.ts"));
    const text = files.map((f) => readFileSync(path.join(dir, f), "utf8")).join("");
    const used = [...new Set(text)].filter((c) => /[\u0900-\u097F]/.test(c));
    expect(used.length).toBeGreaterThan(40);
    expect(used.filter((c) => !inFont.has(codepoint(c))).map((c) => `${codepoint(c)} ${c}`)).toEqual([]);
  });
});
