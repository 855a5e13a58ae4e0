import { describe, expect, it } from "vitest";
import { domainError } from "~/tests/fixtures/domain-error";
import { API_VERSION } from "../../api-version";
import { requestedVersion } from "./service-version";

describe("requestedVersion", () => {
  it("is null without the header and the version itself when we serve it", () => {
    expect(requestedVersion(new Headers())).toBeNull();
    expect(requestedVersion(new Headers({ "Service-Version": API_VERSION }))).toBe(API_VERSION);
  });

  it("refuses an unknown version on param Service-Version, listing the supported ones", async () => {
    const err = await domainError((async () => requestedVersion(new Headers({ "Service-Version": "2020-01-01" })))());
    expect(err).toMatchObject({ code: "api_version_invalid", param: "Service-Version" });
    expect(err.message).toContain(API_VERSION);
  });
});
