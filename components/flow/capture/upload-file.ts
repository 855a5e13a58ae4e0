"use client";
/**
 * Uploads one file of a `documents` / `selfie` step to the flow's upload route
 * (app/flow/[sessionId]/upload/route.ts) with XMLHttpRequest, for a real progress bar on slow
 * mobile networks. Large photos are scaled down first (a 12-megapixel phone photo becomes a few
 * hundred KB), which keeps uploads short without losing what a reviewer needs to read.
 */

export interface UploadedFile {
  id: string;
  kind: string;
  content_type: string;
  size: number;
}

/** A refused or failed upload: `code` is the server's error code (`file_infected`, ...) or `network`. */
export class UploadError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

const SCALE_ABOVE_BYTES = 2 * 1024 * 1024;
const MAX_EDGE = 2400;

/** A JPEG/PNG/WebP photo over 2 MB scaled to at most 2400 px on its long edge (JPEG, quality 0.88); anything else unchanged. */
export async function prepareImage(file: Blob): Promise<Blob> {
  if (file.size <= SCALE_ABOVE_BYTES || !/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.88));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file; // an image the browser cannot decode (HEIC on most browsers) goes as it is
  }
}

/**
 * POSTs `file` as multipart (`step`, `kind`, `file`, and any `fields`) with the client token.
 * @param onProgress 0-100 while the body is sent
 * @throws UploadError with the server's error code, or `network`
 */
export function uploadFlowFile(opts: {
  sessionId: string;
  authorization: string | null;
  step: string;
  kind: string;
  file: Blob;
  fileName?: string;
  /** More text parts (a liveness frame's `challenge` nonce and `captured_ms`). */
  fields?: Record<string, string>;
  onProgress?: (percent: number) => void;
}): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append("step", opts.step);
    body.append("kind", opts.kind);
    for (const [name, value] of Object.entries(opts.fields ?? {})) body.append(name, value);
    body.append("file", opts.file, opts.fileName ?? "upload");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/flow/${encodeURIComponent(opts.sessionId)}/upload`);
    if (opts.authorization) xhr.setRequestHeader("Authorization", opts.authorization);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: a proxy's error page
      }
      if (xhr.status === 201 && json) {
        opts.onProgress?.(100);
        resolve(json as UploadedFile);
      } else {
        const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
        reject(new UploadError(error?.code ?? (xhr.status === 413 ? "file_too_large" : "generic"), xhr.status, error?.message ?? `HTTP ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new UploadError("network", 0, "network error"));
    xhr.ontimeout = () => reject(new UploadError("network", 0, "timeout"));
    xhr.timeout = 5 * 60_000;
    xhr.send(body);
  });
}
