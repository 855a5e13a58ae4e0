/**
 * Shared normalization of Indian identifiers as applicants type them (`27aapfu 0939f1zv`,
 * `abcpe 1234 f`): registries hold them in upper case without separators, and normalizing
 * before validation also makes the answer cache hit for the same identifier.
 */

/** Strips all whitespace and upper-cases. */
export function compactUpper(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}
