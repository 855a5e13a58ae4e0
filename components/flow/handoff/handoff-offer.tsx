"use client";
/**
 * "Continue on your phone" (issue 18): on a desktop browser, the flow's start screen and every
 * step that needs a camera offer it (step-screen.tsx); a camera that cannot start offers it on
 * any device (camera-help.tsx, as "another device"). The panel with the QR code loads on demand.
 */
import dynamic from "next/dynamic";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { useIsDesktop } from "./device";

const HandoffPanel = dynamic(() => import("./handoff-panel"), { ssr: false });

/** The button and, once pressed, the panel. `prominent`: the card with a title (start and camera screens); otherwise a plain button. */
export function HandoffOffer({ sessionId, prominent = false }: { sessionId: string; prominent?: boolean }) {
  const t = useTranslations("handoff");
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const button = (
    <Button variant="secondary" size="lg" block aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="handoff-offer">
      {desktop ? t("offerButton") : t("offerButtonOther")}
    </Button>
  );
  return (
    <div className={prominent ? "mt-8 border-t border-slate-200 pt-6" : "w-full"} data-testid="handoff">
      {prominent ? (
        <>
          <h2 className="text-base font-semibold text-slate-900">{t("offerTitle")}</h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{t("offerBody")}</p>
        </>
      ) : null}
      {button}
      {open ? <HandoffPanel sessionId={sessionId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
