/**
 * Step 2 of withApi: the `Service-Version` request header (decisions.md "Versioning"). Absent:
 * null, and the API key's pinned version answers (step 3).
 */
import { SUPPORTED_API_VERSIONS } from "../../api-version";
import { DomainError } from "../../errors";

/**
 * The version the request pins, or null without the header.
 * @throws DomainError api_version_invalid (param Service-Version) for a version we do not serve.
 */
export function requestedVersion(headers: Headers): string | null {
  const v = headers.get("service-version");
  if (v === null) return null;
  if (!SUPPORTED_API_VERSIONS.includes(v)) {
    throw new DomainError("api_version_invalid", `Unknown API version '${v}'. Supported: ${SUPPORTED_API_VERSIONS.join(", ")}.`, { param: "Service-Version" });
  }
  return v;
}
