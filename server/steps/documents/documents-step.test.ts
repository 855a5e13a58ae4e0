/** The check a `documents` step plans (through the registry, as the session pipeline asks). */
import { describe, expect, it } from "vitest";
import { resolveCheck } from "../../checks/catalog";
import { checksForStep } from "../../checks/step-checks";

const FILE = "file_AbCdEfGhIjKlMnOpQrStUvWx";

describe("documents: planned checks", () => {
  it("plans in.document.review (a reviewer decides); its input passes the check's schema", () => {
    const planned = checksForStep("documents", {}, { document_type: "pan_card", files: [FILE], fields: { name: "RAVI KUMAR" } });
    expect(planned).toEqual([{ key: "in.document.review", input: { document_type: "pan_card", files: [FILE], fields: { name: "RAVI KUMAR" } } }]);
    expect(resolveCheck(planned[0]!.key).input.safeParse(planned[0]!.input).success).toBe(true);
  });
});
