/**
 * UIDAI public certificates used to verify offline Aadhaar documents. UIDAI publishes them on
 * uidai.gov.in (e.g. `uidai_offline_publickey_26022019.cer` for Offline e-KYC and the Secure QR
 * certificates); they are rotated, so several can be configured at once and a document is
 * accepted when any one of them verifies it.
 *
 * Files are PEM (one or more `CERTIFICATE` blocks), DER, or bare base64 DER.
 */
import { X509Certificate, type KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";

/** What the check result records about the certificate that verified a document. */
export interface UidaiCertificateInfo {
  /** Subject DN on one line, e.g. `C=IN, O=UIDAI, CN=...`. */
  subject: string;
  serial_number: string;
  fingerprint_sha256: string;
  valid_from: string;
  valid_to: string;
}

export interface UidaiCertificate {
  /** Where it was loaded from (file path), for error messages. */
  source: string;
  publicKey: KeyObject;
  info: UidaiCertificateInfo;
}

/** A configured certificate file that cannot be read or parsed (an operator error, not a document error). */
export class UidaiCertificateError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "UidaiCertificateError";
  }
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

function toCertificate(der: Buffer, source: string): UidaiCertificate {
  const cert = new X509Certificate(der);
  return {
    source,
    publicKey: cert.publicKey,
    info: {
      subject: cert.subject.split("\n").filter(Boolean).join(", "),
      serial_number: cert.serialNumber,
      fingerprint_sha256: cert.fingerprint256,
      valid_from: new Date(cert.validFrom).toISOString(),
      valid_to: new Date(cert.validTo).toISOString(),
    },
  };
}

/**
 * Parses the certificates in one file's content.
 * @param source a label (the path) used in error messages.
 * @throws UidaiCertificateError when nothing in `data` is an X.509 certificate.
 */
export function parseUidaiCertificates(data: Buffer, source: string): UidaiCertificate[] {
  try {
    const text = data.toString("latin1");
    const blocks = [...text.matchAll(PEM_BLOCK)];
    if (blocks.length > 0) return blocks.map((b) => toCertificate(Buffer.from(b[1]!.replace(/\s+/g, ""), "base64"), source));
    const bare = text.replace(/\s+/g, "");
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(bare) && bare.length > 100) return [toCertificate(Buffer.from(bare, "base64"), source)];
    return [toCertificate(data, source)];
  } catch (err) {
    throw new UidaiCertificateError(`'${source}' does not hold an X.509 certificate (PEM or DER).`, { cause: err });
  }
}

/**
 * Reads every configured certificate file (several paths for rotation; a file may hold several PEM blocks).
 * Files are read on each call, so a replaced file takes effect without a restart.
 * @returns the certificates in configuration order; empty when `paths` is empty.
 * @throws UidaiCertificateError when a path cannot be read or holds no certificate.
 */
export async function loadUidaiCertificates(paths: readonly string[]): Promise<UidaiCertificate[]> {
  const loaded = await Promise.all(
    paths.map(async (path) => {
      let data: Buffer;
      try {
        data = await readFile(path);
      } catch (err) {
        throw new UidaiCertificateError(`UIDAI certificate file '${path}' cannot be read.`, { cause: err });
      }
      return parseUidaiCertificates(data, path);
    }),
  );
  return loaded.flat();
}

/**
 * Splits a `UIDAI_CERT_PATHS` value: paths separated by commas, colons, semicolons or newlines
 * (colon as in `PATH`; Windows drive letters are not supported). Blank entries are dropped.
 */
export function splitCertPaths(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,:;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
}
