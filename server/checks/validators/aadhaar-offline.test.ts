import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { OFFLINE_EKYC_MAX_BYTES, offlineEkycProblem, secureQrProblem } from "./aadhaar-offline";

/** A Secure QR payload as UIDAI builds it: GZIP of the fields, read as one big-endian integer, in decimal. */
function secureQr(fields: string): string {
  return BigInt(`0x${gzipSync(Buffer.from(fields, "latin1")).toString("hex")}`).toString(10);
}

/** A buffer of `size` bytes starting with a ZIP local file header. */
function zipLike(size: number): string {
  const b = Buffer.alloc(size);
  b.write("PK\x03\x04", 0, "latin1");
  return b.toString("base64");
}

describe("offline e-KYC ZIP", () => {
  it("accepts a ZIP up to 5 MiB with a 4-character share code", () => {
    expect(offlineEkycProblem(zipLike(2048), "Ab1$")).toBeNull();
    expect(offlineEkycProblem(zipLike(OFFLINE_EKYC_MAX_BYTES), "1234")).toBeNull();
  });

  it("rejects what is not a ZIP, or too large", () => {
    expect(offlineEkycProblem(Buffer.from("%PDF-1.7 not a zip").toString("base64"), "1234")).toBe("aadhaar_zip_invalid");
    expect(offlineEkycProblem("", "1234")).toBe("aadhaar_zip_invalid");
    expect(offlineEkycProblem(zipLike(OFFLINE_EKYC_MAX_BYTES + 1), "1234")).toBe("aadhaar_zip_invalid");
  });

  it.each(["123", "12345", "12 4", ""])("rejects the share code %j", (code) => {
    expect(offlineEkycProblem(zipLike(64), code)).toBe("share_code_invalid");
  });
});

describe("Secure QR payload", () => {
  const payload = secureQr(`2\xff1234\xffRAVI KUMAR\xff01-01-1990\xff${"x".repeat(300)}`);

  it("accepts a GZIP stream encoded as a decimal integer", () => {
    expect(payload).toMatch(/^[0-9]{100,}$/);
    expect(secureQrProblem(payload)).toBeNull();
  });

  it("rejects digits that do not decode to a GZIP stream", () => {
    expect(secureQrProblem(`9${payload.slice(1)}`)).toBe("aadhaar_qr_invalid");
    expect(secureQrProblem(BigInt(`0x89504e47${"00".repeat(200)}`).toString(10))).toBe("aadhaar_qr_invalid"); // PNG magic
    expect(secureQrProblem("12345x")).toBe("aadhaar_qr_invalid");
    expect(secureQrProblem("1".repeat(7090))).toBe("aadhaar_qr_invalid");
  });
});
