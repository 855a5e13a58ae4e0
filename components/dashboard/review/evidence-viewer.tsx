"use client";
/**
 * The case view's evidence: one tile per file of the session, and a large view of the chosen
 * file with zoom, rotation and fit; PDFs page by page (pdfjs-dist, its worker served from our
 * own origin by /dashboard/review/pdf-worker). Opening a file asks the server for a short-lived
 * signed address (review.evidenceAddress), which writes `evidence.address_issued` to the audit
 * log; tiles show metadata only, so nothing is fetched until a reviewer looks.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { formatAbsolute } from "../relative-time";
import type { SessionCase } from "../types";
import { useWorkspace } from "../workspace";

type EvidenceFile = SessionCase["evidence"][number];

const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export const PDF_WORKER_PATH = "/dashboard/review/pdf-worker";

/** "Aadhaar card front" for the kind `aadhaar_card_front`. */
const kindName = (f: EvidenceFile) => {
  const words = f.kind.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const kindLabel = (f: EvidenceFile) => `${kindName(f)} · ${f.step}`;
const typeLabel = (f: EvidenceFile) => (f.contentType === "application/pdf" ? "PDF" : f.contentType.replace("image/", "").toUpperCase());
const sizeLabel = (bytes: number) => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

export function EvidenceViewer({ sessionId, files, erased }: { sessionId: string; files: EvidenceFile[]; erased: boolean }) {
  const [openId, setOpenId] = useState<string | null>(files[0]?.id ?? null);
  const open = files.find((f) => f.id === openId) ?? null;
  return (
    <Card data-testid="evidence-viewer">
      <CardHeader title="Evidence" description={files.length ? "Opening a file is recorded in the audit log." : undefined} />
      {files.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-500">
          {erased ? "The files were deleted with the personal data." : "No files were uploaded in this session."}
        </p>
      ) : (
        <>
          <ul className="flex gap-2 overflow-x-auto px-5 pt-4" aria-label="Evidence files">
            {files.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  aria-pressed={f.id === openId}
                  onClick={() => setOpenId(f.id)}
                  title={kindLabel(f)}
                  className={cn(
                    "flex h-16 w-44 flex-col justify-center rounded-md border px-2.5 text-left text-xs",
                    focusRing,
                    f.id === openId ? "border-brand-600 bg-brand-50 text-brand-900" : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <span className="truncate font-medium">{kindName(f)}</span>
                  <span className="truncate text-slate-600">
                    {typeLabel(f)} · {sizeLabel(f.size)} · <span className="font-mono">{f.step}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {open ? <LargeView key={open.id} sessionId={sessionId} file={open} /> : null}
        </>
      )}
    </Card>
  );
}

/**
 * The room (px) inside `ref`'s element: its size without border and padding, scrollbars
 * included, so a zoomed view's scrollbars never change the fit. Kept current with a ResizeObserver.
 */
function useStageSize(ref: React.RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const cs = getComputedStyle(el);
      const px = (...v: string[]) => v.reduce((sum, x) => sum + (parseFloat(x) || 0), 0);
      const width = Math.floor(el.offsetWidth - px(cs.paddingLeft, cs.paddingRight, cs.borderLeftWidth, cs.borderRightWidth));
      const height = Math.floor(el.offsetHeight - px(cs.paddingTop, cs.paddingBottom, cs.borderTopWidth, cs.borderBottomWidth));
      setSize((prev) => (prev.width === width && prev.height === height ? prev : { width, height }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** The scale at which a `width` x `height` (already rotated) fits the stage whole: "Fit" is zoom 1. */
function fitScale(width: number, height: number, stage: { width: number; height: number }): number {
  return width > 0 && height > 0 && stage.width > 0 && stage.height > 0 ? Math.min(stage.width / width, stage.height / height) : 0;
}

function LargeView({ sessionId, file }: { sessionId: string; file: EvidenceFile }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const address = useMutation(trpc.review.evidenceAddress.mutationOptions());
  const original = useMutation(trpc.review.originalEvidenceAddress.mutationOptions());
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(0);
  const stageRef = useRef<HTMLDivElement>(null);
  const stage = useStageSize(stageRef);
  const { mutate } = address;
  useEffect(() => {
    mutate({ projectId: ws.project.id, mode: ws.mode, id: sessionId, evidenceId: file.id });
  }, [mutate, ws.project.id, ws.mode, sessionId, file.id]);

  const zoomIndex = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);
  const isPdf = file.contentType === "application/pdf";
  const url = address.data?.url;
  const view = { zoom, rotation, stage };
  // a fresh address per click: the one the view loaded with is valid 300 s only
  const openOriginal = () => {
    // open the tab in the click itself (a popup opened after an await is blocked), then point it at the file
    const tab = window.open("about:blank", "_blank");
    original.mutate(
      { projectId: ws.project.id, mode: ws.mode, id: sessionId, evidenceId: file.id },
      {
        onSuccess: (r) => {
          if (!tab) return;
          tab.opener = null;
          tab.location.href = r.url;
        },
        onError: () => tab?.close(),
      },
    );
  };
  return (
    <div className="px-5 pt-3 pb-5">
      <div className="mb-2 flex flex-wrap items-center gap-1.5" role="toolbar" aria-label="Evidence view">
        <Button variant="secondary" size="sm" onClick={() => setZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)]!)} disabled={zoomIndex === 0} aria-label="Zoom out">
          −
        </Button>
        <span className="w-12 text-center text-xs text-slate-600 tabular-nums" aria-live="polite" data-testid="evidence-zoom">
          {Math.round(zoom * 100)}%
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)]!)}
          disabled={zoomIndex === ZOOM_STEPS.length - 1}
          aria-label="Zoom in"
        >
          +
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setZoom(1)} disabled={zoom === 1} title="Show the whole page">
          Fit
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setRotation((r) => (r + 90) % 360)} aria-label="Rotate 90 degrees clockwise">
          ↻ Rotate
        </Button>
        {isPdf && pages > 1 ? (
          <span className="ml-2 flex items-center gap-1.5 text-xs text-slate-600">
            <Button variant="secondary" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1} aria-label="Previous page">
              ‹
            </Button>
            <span aria-live="polite" data-testid="pdf-page-indicator">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" size="sm" onClick={() => setPage((p) => p + 1)} disabled={page >= pages} aria-label="Next page">
              ›
            </Button>
          </span>
        ) : null}
        {url && ws.can("downloadOriginalEvidence") ? (
          <button type="button" onClick={openOriginal} className={cn("ml-auto text-xs font-medium text-brand-700 hover:underline", focusRing)}>
            Open original
          </button>
        ) : null}
        {original.isError ? (
          <span role="alert" className="text-xs text-red-700">
            Could not open the file: {original.error.message}
          </span>
        ) : null}
      </div>
      {/* a flex container with an auto-margin child: centred while it fits, scrollable to every edge once zoomed past the stage */}
      <div
        ref={stageRef}
        className="flex h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-100 p-4"
        data-testid="evidence-stage"
        data-zoom={zoom}
        data-rotation={rotation}
      >
        {address.isError ? (
          <FormError className="m-auto">Could not open this file: {clientErrorInfo(address.error).message}</FormError>
        ) : !url ? (
          <div className="m-auto">
            <Spinner className="size-5" label="Opening the file" />
          </div>
        ) : isPdf ? (
          <PdfPage url={url} page={page} onPages={setPages} {...view} />
        ) : (
          <ImageView url={url} alt={`${kindLabel(file)}, uploaded ${formatAbsolute(file.createdAt)}`} {...view} />
        )}
      </div>
    </div>
  );
}

function CentredSpinner({ label }: { label: string }) {
  return (
    <span className="absolute top-1/2 left-1/2 -translate-1/2">
      <Spinner className="size-5" label={label} />
    </span>
  );
}

interface ViewProps {
  zoom: number;
  /** Clockwise degrees: 0, 90, 180 or 270. */
  rotation: number;
  stage: { width: number; height: number };
}

/**
 * An image fitted to the stage at zoom 1. The box takes the rotated size (so a quarter turn of
 * a landscape card stands upright and scrolls correctly); the image turns inside it.
 */
function ImageView({ url, alt, zoom, rotation, stage }: ViewProps & { url: string; alt: string }) {
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const quarter = rotation % 180 !== 0;
  const scale = natural ? fitScale(quarter ? natural.height : natural.width, quarter ? natural.width : natural.height, stage) * zoom : 0;
  const [w, h] = natural ? [Math.round(natural.width * scale), Math.round(natural.height * scale)] : [0, 0];
  return (
    <div className="relative m-auto shrink-0" style={{ width: quarter ? h : w, height: quarter ? w : h }} data-testid="evidence-image-box">
      {!natural ? <CentredSpinner label="Loading the image" /> : null}
      <img
        src={url}
        alt={alt}
        onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        className={cn("absolute top-1/2 left-1/2 max-w-none bg-white shadow", !natural && "invisible")}
        style={{ width: w, height: h, transform: `translate(-50%, -50%) rotate(${rotation}deg)` }}
      />
    </div>
  );
}

type PdfDocument = Awaited<ReturnType<(typeof import("pdfjs-dist"))["getDocument"]>["promise"]>;

/** One page of a PDF on a canvas, the whole page fitted to the stage at zoom 1, turned by pdf.js. */
function PdfPage({ url, page, zoom, rotation, stage, onPages }: ViewProps & { url: string; page: number; onPages: (n: number) => void }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rendered, setRendered] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let loaded: PdfDocument | null = null;
    void (async () => {
      try {
        const pdfjs = await import("pdfjs-dist");
        pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_PATH;
        const res = await fetch(url, { referrerPolicy: "no-referrer" });
        if (!res.ok) throw new Error(res.status === 404 ? "the address expired; open the file again" : `the server answered ${res.status}`);
        loaded = await pdfjs.getDocument({ data: new Uint8Array(await res.arrayBuffer()), isEvalSupported: false }).promise;
        if (cancelled) return void loaded.destroy();
        setDoc(loaded);
        onPages(loaded.numPages);
      } catch (err) {
        if (!cancelled) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [url, onPages]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || !stage.width) return;
    let cancelled = false;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    void doc.getPage(page).then((p) => {
      if (cancelled) return;
      const base = p.getViewport({ scale: 1, rotation });
      const viewport = p.getViewport({ scale: fitScale(base.width, base.height, stage) * zoom, rotation });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const ctx = canvas.getContext("2d");
      if (!ctx) return;
      task = p.render({ canvasContext: ctx, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.then(
        () => !cancelled && setRendered(page),
        () => undefined, // cancelled by the next render
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, zoom, rotation, stage]);

  if (error) return <FormError className="m-auto">Could not show this PDF: {error}. Use “Open original” to download it.</FormError>;
  return (
    <div className="relative m-auto shrink-0">
      {rendered !== page ? <CentredSpinner label="Rendering the page" /> : null}
      <canvas
        ref={canvasRef}
        className={cn("block bg-white shadow", rendered === null && "invisible")}
        aria-label={`Page ${page} of the PDF`}
        role="img"
        data-rendered-page={rendered ?? undefined}
      />
    </div>
  );
}
