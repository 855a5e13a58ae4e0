"use client";
/**
 * The "continue on your phone" panel: a QR code and the short link it encodes
 * (server/flow/flow-handoff.ts: single use, 10 minutes), with the time left and a new link once
 * it has expired. While it is open the flow state is polled, so this tab switches to the
 * progress screen as soon as the phone opens the link. Loaded on demand (handoff-offer.tsx): the
 * QR encoder is in no other screen's code.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useTRPC } from "~/components/trpc/react";
import { qrDataUrl } from "../qr-data-url";
import { formatSeconds, useCountdown } from "../use-countdown";

/** How often the open panel asks whether the phone has taken over (ms). */
const WATCH_MS = 1500;

export default function HandoffPanel({ sessionId, onClose }: { sessionId: string; onClose: () => void }) {
  const t = useTranslations("handoff");
  const trpc = useTRPC();
  const create = useMutation(trpc.flow.createHandoff.mutationOptions());
  const createLink = create.mutate;
  useEffect(() => createLink({ sessionId }), [createLink, sessionId]);
  // watching: the flow screen turns to "continuing on your other device" once the phone claims the link
  useQuery(trpc.flow.state.queryOptions({ sessionId }, { refetchInterval: WATCH_MS, refetchIntervalInBackground: true }));

  const link = create.data;
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let live = true;
    void qrDataUrl(link.url).then((image) => live && setQr({ url: link.url, image }));
    return () => {
      live = false;
    };
  }, [link]);
  const left = useCountdown(link ? new Date(link.expiresAt).getTime() : null);
  const [copied, setCopied] = useState(false);

  return (
    <section aria-labelledby="handoff-title" className="mt-4 rounded-xl border border-slate-200 bg-white p-5" data-testid="handoff-panel">
      <h2 id="handoff-title" className="text-lg font-semibold text-slate-900">
        {t("dialogTitle")}
      </h2>
      {create.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t("failed")}
        </p>
      ) : !link ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4" />
          {t("creating")}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">{t("scan")}</p>
          <div className="mt-4 flex justify-center">
            {qr?.url === link.url && left > 0 ? (
              <img src={qr.image} alt={t("qrAlt")} width={208} height={208} className="size-52" data-testid="handoff-qr" />
            ) : (
              <div className="size-52 rounded bg-slate-100" aria-hidden="true" />
            )}
          </div>
          <p className="mt-4 text-sm font-medium text-slate-700">{t("linkLabel")}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-slate-100 px-2 py-1.5 text-base break-all text-slate-900" data-testid="handoff-link">
              {link.url}
            </code>
            <Button
              variant="secondary"
              size="lg"
              onClick={() => {
                void navigator.clipboard?.writeText(link.url).then(() => setCopied(true));
              }}
            >
              {copied ? t("copied") : t("copy")}
            </Button>
          </div>
          <p className="mt-3 text-sm text-slate-600" aria-live="polite" data-testid="handoff-expiry">
            {left > 0 ? t("expiresIn", { time: formatSeconds(left) }) : t("expired")}
          </p>
          {left > 0 ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              <Spinner className="size-4" />
              {t("waitingPhone")}
            </p>
          ) : null}
        </>
      )}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {create.isError || (link && left === 0) ? (
          <Button size="lg" block onClick={() => createLink({ sessionId })} loading={create.isPending}>
            {t("newLink")}
          </Button>
        ) : null}
        <Button variant="secondary" size="lg" block onClick={onClose}>
          {t("close")}
        </Button>
      </div>
    </section>
  );
}
