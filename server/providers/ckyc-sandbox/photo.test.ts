/**
 * The test-mode CKYC record's photo is the face the e2e journeys' fake camera shows (Eileen Collins,
 * tests/fixtures/intelligence/selfie-collins.jpg, another crop of the same public-domain photo),
 * so a CKYC-first session's selfie matches its reference photo in test mode.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scoreFaceMatch } from "../../intelligence/face/face-checks";
import { CKYC_SANDBOX_PHOTO_PATH } from "../sandbox";

describe("CKYC sandbox photo", () => {
  it("matches the sandbox selfie and not another person", async () => {
    const photo = readFileSync(CKYC_SANDBOX_PHOTO_PATH);
    const collins = await scoreFaceMatch(readFileSync("tests/fixtures/intelligence/selfie-collins.jpg"), photo);
    expect(collins).toMatchObject({ status: "passed", errorCode: null });
    const hopper = await scoreFaceMatch(readFileSync("tests/fixtures/intelligence/selfie-hopper.jpg"), photo);
    expect(hopper.status).not.toBe("passed");
  }, 120_000);
});
