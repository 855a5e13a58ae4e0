/** One QueryClient per server request, a singleton in the browser (t3 query-client.ts). */
import { defaultShouldDehydrateQuery, QueryClient } from "@tanstack/react-query";
import superjson from "superjson";

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30 * 1000,
        retry: (count, err) => count < 2 && !(err as { data?: { httpStatus?: number } })?.data?.httpStatus?.toString().startsWith("4"),
      },
      dehydrate: { serializeData: superjson.serialize, shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === "pending" },
      hydrate: { deserializeData: superjson.deserialize },
    },
  });
}
