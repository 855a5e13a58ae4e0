/**
 * The part of `clamscan` (npm, v2.4.0, CommonJS, ships no types) that server/uploads/scan-bytes.ts
 * uses: `init()` in clamd mode and `scanStream()` (zINSTREAM over a unix socket or TCP).
 * Source: node_modules/clamscan/index.js (`init`, `_initSocket`, `scanStream`, `_processResult`).
 */
declare module "clamscan" {
  import type { Readable } from "node:stream";

  interface ClamdscanOptions {
    socket?: string | false;
    host?: string | false;
    port?: number | false;
    /** Socket idle timeout in ms (default 60000). */
    timeout?: number;
    localFallback?: boolean;
    path?: string;
    active?: boolean;
    /** Skip the PING in `init()`. */
    bypassTest?: boolean;
    tls?: boolean;
  }

  interface NodeClamOptions {
    debugMode?: boolean;
    preference?: "clamscan" | "clamdscan";
    clamscan?: { active?: boolean; path?: string };
    clamdscan?: ClamdscanOptions;
  }

  /** `isInfected: null` when clamd's answer was neither `OK` nor `... FOUND` (e.g. empty after a timeout). */
  interface ScanResult {
    isInfected: boolean | null;
    viruses: string[];
    file: string | null;
    resultString: string;
    timeout: boolean;
  }

  export default class NodeClam {
    init(options?: NodeClamOptions): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<ScanResult>;
  }
}
