import { describe, expect, it } from "vitest";
import nextConfig from "../../next.config";
import { MULTIPART_OVERHEAD_BYTES } from "../http/pipeline/multipart-body";
import { MAX_UPLOAD_BYTES } from "./upload-types";

describe("the proxy's body buffer", () => {
  it("holds the largest upload with its multipart overhead (a smaller one truncates the body before the route reads it)", () => {
    expect(nextConfig.experimental?.proxyClientMaxBodySize).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES);
  });
});
