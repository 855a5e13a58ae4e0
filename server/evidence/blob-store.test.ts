import { createHash, createHmac } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env, parseEnv } from "../env";
import { blobStore, fsBlobStore, s3BlobStore, s3ConfigFromEnv } from "./blob-store";

describe("filesystem store (the default)", () => {
  it("lives under ${DATA_DIR}/files and puts, gets and deletes", async () => {
    const store = blobStore();
    const key = "proj_a/ses_b/file_c";
    await store.put(key, Buffer.from("hello"));
    const file = path.resolve(env.DATA_DIR, "files", key);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await store.get(key))!.toString()).toBe("hello");
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("refuses keys that leave its root", async () => {
    const store = fsBlobStore(path.resolve(env.DATA_DIR, "files"));
    await expect(store.put("../escape", Buffer.from("x"))).rejects.toThrow(/invalid blob key/);
    await expect(store.get("/etc/passwd")).rejects.toThrow(/invalid blob key/);
  });
});

/**
 * A loopback S3 that speaks just PutObject, GetObject and DeleteObject (path-style,
 * https://docs.aws.amazon.com/AmazonS3/latest/API/) and checks every request's AWS Signature
 * Version 4 (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html)
 * with its own implementation, so what the SDK sends is verified, not assumed.
 */
const ACCESS_KEY = "AKIDLOOPBACKTEST";
const SECRET_KEY = "loopback-secret-key-0123456789";
const REGION = "ap-south-1";

interface Seen {
  method: string;
  path: string;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  signatureOk: boolean;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function verifySigV4(req: http.IncomingMessage, body: Buffer): boolean {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? "",
  );
  if (!m) return false;
  const [, accessKey, date, region, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
  if (accessKey !== ACCESS_KEY || region !== REGION) return false;
  const payloadHash = String(req.headers["x-amz-content-sha256"]);
  if (payloadHash !== hex(body)) return false;
  const url = new URL(req.url!, "http://x");
  const query = [...url.searchParams].map(([k, v]) => [rfc3986(k), rfc3986(v)] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonicalRequest = [
    req.method,
    url.pathname,
    query.map(([k, v]) => `${k}=${v}`).join("&"),
    signedHeaders
      .split(";")
      .map(
        (h) =>
          `${h}:${String(req.headers[h] ?? "")
            .trim()
            .replace(/\s+/g, " ")}\n`,
      )
      .join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const amzDate = String(req.headers["x-amz-date"]);
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, `${date}/${region}/s3/aws4_request`, hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET_KEY}`, date), region), "s3"), "aws4_request");
  return signedHeaders.split(";").includes("host") && hmac(key, stringToSign).toString("hex") === signature;
}

let server: http.Server;
let endpoint: string;
const seen: Seen[] = [];
const objects = new Map<string, { body: Buffer; contentType: string }>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const pathname = decodeURIComponent(new URL(req.url!, "http://x").pathname);
      const signatureOk = verifySigV4(req, body);
      seen.push({ method: req.method!, path: pathname, body, headers: req.headers, signatureOk });
      if (!signatureOk) {
        res.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>SignatureDoesNotMatch</Code><Message>bad signature</Message></Error>");
        return;
      }
      if (req.method === "PUT") {
        objects.set(pathname, { body, contentType: String(req.headers["content-type"]) });
        res.writeHead(200, { etag: `"${createHash("md5").update(body).digest("hex")}"` }).end();
      } else if (req.method === "GET") {
        const obj = objects.get(pathname);
        if (!obj) {
          res.writeHead(404, { "content-type": "application/xml" });
          res.end(
            `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${pathname}</Key></Error>`,
          );
        } else {
          res.writeHead(200, { "content-type": obj.contentType, "content-length": obj.body.length }).end(obj.body);
        }
      } else if (req.method === "DELETE") {
        objects.delete(pathname);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe("S3-compatible store", () => {
  const s3Env = () => ({
    S3_BUCKET: "kyc-evidence",
    S3_ENDPOINT: endpoint,
    S3_REGION: REGION,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_FORCE_PATH_STYLE: "true",
  });

  it("sends signed PutObject / GetObject / DeleteObject requests with the right method, path and body", async () => {
    const store = s3BlobStore(s3ConfigFromEnv(parseEnv(s3Env()))!);
    const key = "proj_a/ses_b/file_c";
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    seen.length = 0;

    await store.put(key, data, { contentType: "image/png" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "PUT", path: `/kyc-evidence/${key}`, signatureOk: true });
    expect(seen[0]!.body.equals(data)).toBe(true); // a plain body: no aws-chunked checksum trailer
    expect(seen[0]!.headers["content-type"]).toBe("image/png");
    expect(seen[0]!.headers["x-amz-checksum-crc32"]).toBeUndefined();

    const back = await store.get(key);
    expect(back!.equals(data)).toBe(true);
    expect(seen[1]).toMatchObject({ method: "GET", path: `/kyc-evidence/${key}`, signatureOk: true });

    await store.delete(key);
    expect(seen[2]).toMatchObject({ method: "DELETE", path: `/kyc-evidence/${key}`, signatureOk: true });
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // deleting a missing object is no error
  });

  it("surfaces a refused request as an error (wrong secret)", async () => {
    const store = s3BlobStore(s3ConfigFromEnv(parseEnv({ ...s3Env(), S3_SECRET_ACCESS_KEY: "not-the-secret" }))!);
    await expect(store.put("proj_a/x", Buffer.from("x"))).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    await expect(store.get("proj_a/x")).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
  });

  it("is what blobStore() returns once S3_BUCKET is set", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, s3Env());
    try {
      const store = blobStore();
      expect(blobStore()).toBe(store); // one client per configuration
      seen.length = 0;
      await store.put("proj_a/ses_b/file_d", Buffer.from("via env"));
      expect(seen[0]).toMatchObject({ method: "PUT", path: "/kyc-evidence/proj_a/ses_b/file_d", signatureOk: true });
      expect(existsSync(path.resolve(env.DATA_DIR, "files", "proj_a/ses_b/file_d"))).toBe(false);
    } finally {
      for (const k of Object.keys(s3Env())) if (saved[k] === undefined) delete process.env[k];
    }
  });

  it("reads its settings strictly", () => {
    expect(s3ConfigFromEnv(parseEnv({}))).toBeNull();
    expect(s3ConfigFromEnv(parseEnv({ S3_BUCKET: "b-1" }))).toEqual({
      bucket: "b-1",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => s3ConfigFromEnv(parseEnv({ S3_BUCKET: "b-1", S3_ACCESS_KEY_ID: "a" }))).toThrow(/together/);
    expect(() => s3ConfigFromEnv(parseEnv({ S3_BUCKET: "b-1", S3_ENDPOINT: "minio:9000" }))).toThrow(/S3_ENDPOINT/);
  });
});
