/** Evidence API schemas (interface.md 4.1; decisions.md "Limits beyond interface.md": 300 s). */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";

export const ZEvidenceAddress = z
  .object({
    url: z.url().meta({
      description:
        "Download address, valid until `expires_at`; every download is audited. Images (JPEG, PNG, WebP) are served inline, everything else as an `application/octet-stream` attachment.",
    }),
    expires_at: ZTimestamp.meta({ description: "300 seconds after issue." }),
  })
  .meta({ id: "EvidenceAddress", description: "A short-lived download address of an evidence file." });
export type TEvidenceAddress = z.infer<typeof ZEvidenceAddress>;
