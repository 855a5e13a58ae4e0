/**
 * Virus scan of an upload's bytes by a ClamAV daemon, before anything is stored.
 *
 * Transport: the `clamscan` npm package (v2.4.0) in clamd mode. `scanStream()` speaks clamd's
 * `zINSTREAM` command (clamd(8), "INSTREAM": the command, then chunks each prefixed by their
 * length as a 4-byte unsigned big-endian integer, then a zero-length chunk; clamd answers
 * `stream: OK` or `stream: <signature> FOUND`, NUL-terminated) over the unix socket or TCP
 * address of server/uploads/upload-config.ts. Its quirks, handled here:
 * - `init()` runs `clamdscan --version` once (to pick a local fallback we switch off) and
 *   pings clamd unless `bypassTest`; both are avoided or harmless, and instances are cached.
 * - An answer that is neither OK nor FOUND (clamd closed the connection, idle timeout, a
 *   protocol error line) comes back as `isInfected: null`, not as an error: treated as
 *   "scanner unavailable", never as clean (fail closed).
 * clamd must accept the largest upload: `StreamMaxLength` >= 16M (uploads are at most 15 MiB).
 */
import { Readable } from "node:stream";
import NodeClam from "clamscan";
import type { ClamdAddress, ScannerConfig } from "./upload-config";

/** clamd could not give a verdict: not configured, unreachable, timed out, or answered an error. */
export class ScannerUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ScannerUnavailableError";
  }
}

export type ScanVerdict = { infected: false } | { infected: true; signatures: string[] };

const scanners = new Map<string, Promise<NodeClam>>();

function scannerFor(address: ClamdAddress, timeoutMs: number): Promise<NodeClam> {
  const key = JSON.stringify([address, timeoutMs]);
  let scanner = scanners.get(key);
  if (!scanner) {
    const target = "socket" in address ? { socket: address.socket, host: false as const, port: false as const } : { socket: false as const, ...address };
    scanner = new NodeClam().init({
      preference: "clamdscan",
      clamscan: { active: false },
      clamdscan: { ...target, timeout: timeoutMs, localFallback: false, bypassTest: true, active: true },
    });
    scanner.catch(() => scanners.delete(key));
    scanners.set(key, scanner);
  }
  return scanner;
}

/**
 * Scans `bytes` (any length up to clamd's StreamMaxLength) with clamd INSTREAM.
 * @returns `{ infected: false }`, or `{ infected: true, signatures }` with clamd's signature
 *   names (e.g. `Eicar-Test-Signature`; `.UNOFFICIAL` appended for non-official databases).
 * @throws ScannerUnavailableError when `config.clamd` is null, clamd is unreachable, times out
 *   (`config.timeoutMs` idle) or answers anything but a verdict.
 */
export async function scanBytes(bytes: Uint8Array, config: ScannerConfig): Promise<ScanVerdict> {
  if (!config.clamd) throw new ScannerUnavailableError("no clamd address configured (CLAMD_SOCKET, or CLAMD_HOST/CLAMD_PORT)");
  const where = "socket" in config.clamd ? config.clamd.socket : `${config.clamd.host}:${config.clamd.port}`;
  let result: Awaited<ReturnType<NodeClam["scanStream"]>>;
  try {
    const scanner = await scannerFor(config.clamd, config.timeoutMs);
    result = await scanner.scanStream(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  } catch (err) {
    throw new ScannerUnavailableError(`clamd at ${where} did not scan the upload: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
  if (result.isInfected === true) return { infected: true, signatures: result.viruses.length > 0 ? result.viruses : ["unknown"] };
  if (result.isInfected === false) return { infected: false };
  throw new ScannerUnavailableError(`clamd at ${where} gave no verdict: ${JSON.stringify(result.resultString.replace(/\0/g, "").slice(0, 200))}`);
}
