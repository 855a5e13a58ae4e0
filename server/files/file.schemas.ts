/**
 * Files API schemas (issue 16, decisions.md 2026-11-24 "Files"): `POST /v1/files` takes a
 * multipart body with `file`, `purpose` and optional `session_id`; the File object describes
 * the stored upload (never its bytes: those are served through a short-lived evidence address).
 */
import { z } from "zod";
import { ZTimestamp } from "../common.schemas";

/** What a backend declares a file to be; direct checks accept files of the purposes they read. */
export const FILE_PURPOSES = ["identity_document", "selfie", "selfie_frame", "business_document", "proof_of_address"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const ZFilePurpose = z.enum(FILE_PURPOSES).meta({
  description:
    "`identity_document` (PAN, Aadhaar, passport, driving licence, voter ID: `in.document.extract`, the document photo of `in.face.match`), `selfie` and `selfie_frame` (`in.face.match`, `in.liveness.check`), `business_document` (GST certificate and the other business documents), `proof_of_address`.",
});

/** A file id (`file_` + 24 base62 characters): hosted-flow evidence and Files API uploads share the prefix. */
export const ZFileId = z.string().regex(/^file_[0-9A-Za-z]{24}$/, "A file id (`file_...`).");

/** The multipart `file` part: its bytes (server/http/pipeline/multipart-body.ts reads the part). */
const ZFilePart = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array, "Send the file as a file part named 'file' (multipart/form-data).")
  .meta({
    type: "string",
    format: "binary",
    description: "The file: JPEG, PNG, WebP, HEIC or PDF (checked by content, not by name), at most 15 MiB.",
  });

export const ZUploadFileRequest = z.strictObject({
  file: ZFilePart,
  purpose: ZFilePurpose,
  session_id: z.string().min(1).max(64).optional().meta({
    description: "Attach the file to this session of the key's project and mode: it is erased with the session's personal data.",
  }),
});
export type TUploadFileRequest = z.infer<typeof ZUploadFileRequest>;

export const ZFile = z
  .object({
    id: z.string().meta({ description: "`file_...`: what direct checks take (`file_ids`, `selfie_file_id`, ...)." }),
    object: z.literal("file"),
    purpose: ZFilePurpose,
    content_type: z.string().meta({
      description: "The type read from the file's content: `image/jpeg`, `image/png`, `image/webp`, `image/heic`, `image/heif` or `application/pdf`.",
    }),
    size: z.number().int().meta({ description: "Bytes." }),
    session_id: z.string().nullable().meta({ description: "The session the file is attached to, or null." }),
    created_at: ZTimestamp,
  })
  .meta({ id: "File", description: "A file uploaded by a backend (`POST /v1/files`). Its bytes are served through `GET /v1/files/{id}/url`." });
export type TFile = z.infer<typeof ZFile>;

export const ZDeletedFile = z
  .object({ id: z.string(), object: z.literal("file"), deleted: z.literal(true) })
  .meta({ id: "DeletedFile", description: "The file's bytes and record are gone." });
export type TDeletedFile = z.infer<typeof ZDeletedFile>;
