import { listDocumentTypes } from "~/server/documents/document-types";
import { documentTypesEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(documentTypesEndpoint, async ({ query }) => listDocumentTypes(query.country)),
});
