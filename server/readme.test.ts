import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { markdownTableRows } from "../tests/fixtures/markdown-tables";
import { REVERSE_PENNY_DROP_SANDBOX_VALUES } from "./providers/reverse-penny-drop-sandbox";
import { SANDBOX_VALUES } from "./providers/sandbox";
import { SCREENING_SANDBOX_VALUES } from "./screening/sandbox-list";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

describe("README", () => {
  it("documents every sandbox value exactly as the sandbox provider defines it", () => {
    const rows = markdownTableRows(readme);
    for (const v of [...SANDBOX_VALUES, ...REVERSE_PENNY_DROP_SANDBOX_VALUES, ...SCREENING_SANDBOX_VALUES])
      expect(rows).toContain(`| ${v.check} | ${v.input} | ${v.outcome} |`);
  });

  it("carries the tested webhook verification snippet verbatim", () => {
    const source = readFileSync(new URL("./webhooks/verify-example.ts", import.meta.url), "utf8");
    const body = source
      .slice(source.indexOf("export function"))
      .replace("export function", "function")
      .replace(/: string \| null|: string|: number|\): boolean/g, (m) => (m === "): boolean" ? ")" : ""));
    expect(readme).toContain(body.trim());
  });
});
