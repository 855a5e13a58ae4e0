/** API versions (interface.md part 9, decisions.md "Versioning"). */
export const API_VERSION = "2026-10-01";
export const SUPPORTED_API_VERSIONS: readonly string[] = [API_VERSION];
