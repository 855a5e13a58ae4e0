/**
 * Step 3 of withApi: the secret key of `Authorization: Bearer sk_...` (compared by hash,
 * server/api-keys/create-api-key.ts) gives the request its project, mode and pinned version.
 */
import { authenticateApiKey, type ApiKeyContext } from "../../api-keys/create-api-key";
import type { Db } from "../../db";

/**
 * The key of the request's Authorization header.
 * @throws DomainError authentication_required, client_token_not_allowed, api_key_invalid (401).
 */
export function authenticate(db: Db, headers: Headers): Promise<ApiKeyContext> {
  return authenticateApiKey(db, headers.get("authorization"));
}
