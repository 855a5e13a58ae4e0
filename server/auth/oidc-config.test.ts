import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { oidcConfig } from "./oidc-config";

describe("oidcConfig", () => {
  it("is off when no OIDC variable is set (empty strings count as unset)", () => {
    expect(oidcConfig(parseEnv({}))).toBeNull();
    expect(oidcConfig(parseEnv({ OIDC_ISSUER: "", OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "" }))).toBeNull();
  });

  it("reads issuer, client and button name", () => {
    expect(oidcConfig(parseEnv({ OIDC_ISSUER: "https://login.example.com/realms/acme/", OIDC_CLIENT_ID: "verify", OIDC_CLIENT_SECRET: "s3cret" }))).toEqual({
      issuer: "https://login.example.com/realms/acme",
      clientId: "verify",
      clientSecret: "s3cret",
      name: "SSO",
    });
    expect(oidcConfig(parseEnv({ OIDC_ISSUER: "https://acme.okta.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b", OIDC_NAME: "Okta" }))?.name).toBe("Okta");
  });

  it("refuses a half configuration and a malformed issuer, naming the variables", () => {
    expect(() => oidcConfig(parseEnv({ OIDC_ISSUER: "https://acme.okta.com", OIDC_CLIENT_ID: "a" }))).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/,
    );
    expect(() => oidcConfig(parseEnv({ OIDC_ISSUER: "not a url", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }))).toThrow(/OIDC_ISSUER/);
    expect(() => oidcConfig(parseEnv({ OIDC_ISSUER: "ftp://acme.example", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }))).toThrow(/OIDC_ISSUER/);
  });
});
