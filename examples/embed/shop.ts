/**
 * A runnable example of the embeddable modal (README "Embed the flow in your page"): a tiny
 * "shop" on its own origin whose page loads /embed.js from the Verify app, asks its own backend
 * for a session (POST /v1/sessions with the secret key, which never reaches the browser) and
 * opens the flow in the modal, logging every event the flow sends.
 *
 *   VERIFY_URL=http://127.0.0.1:3000 VERIFY_API_KEY=sk_test_... VERIFY_WORKFLOW_ID=wf_... \
 *     npx tsx examples/embed/shop.ts          # then open http://127.0.0.1:4100
 *
 * The shop's origin must be one of the project's allowed origins (dashboard → API keys →
 * Allowed origins, or `npm run cli -- project allow-origin --project <slug> <origin>`), or the
 * browser refuses to show the flow in the frame. e2e/flow-embed.desktop.spec.ts runs this file.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export interface ShopOptions {
  /** The Verify app's origin, e.g. http://127.0.0.1:3000 */
  verifyUrl: string;
  /** A secret API key (sk_test_...) of the project */
  apiKey: string;
  /** The workflow of the sessions the shop creates */
  workflowId: string;
  /** Port on 127.0.0.1 (0: any free one) */
  port?: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(verifyUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Example shop: verify in a modal</title>
  <script src="${escapeHtml(verifyUrl)}/embed.js"></script>
</head>
<body style="font: 16px/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
  <main>
    <h1>Example shop</h1>
    <p>Verify your identity without leaving this page.</p>
    <button id="verify" type="button" style="font: inherit; padding: 0.75rem 1.25rem">Verify my identity</button>
    <h2>Events</h2>
    <ol id="events" aria-live="polite"></ol>
  </main>
  <script>
    window.verifyEvents = [];
    document.getElementById("verify").addEventListener("click", async function () {
      // the shop's own backend creates the session with its secret key
      const res = await fetch("/api/verification", { method: "POST" });
      const session = await res.json();
      Verify.open({
        url: session.url,
        onEvent: function (event) {
          window.verifyEvents.push(event);
          const li = document.createElement("li");
          li.textContent = JSON.stringify(event);
          document.getElementById("events").appendChild(li);
        },
      });
    });
  </script>
</body>
</html>`;
}

/** Starts the shop; resolves with its origin and the server (close it when done). */
export async function startShop(opts: ShopOptions): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === "GET" && req.url === "/") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(opts.verifyUrl));
        return;
      }
      if (req.method === "POST" && req.url === "/api/verification") {
        const created = await fetch(`${opts.verifyUrl}/v1/sessions`, {
          method: "POST",
          headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ workflow_id: opts.workflowId, reference_id: `shop-${Date.now()}` }),
        });
        const body = (await created.json()) as { id?: string; url?: string };
        // only what the page needs: the hosted-flow link (its client token is in the fragment)
        res.writeHead(created.status, { "content-type": "application/json" }).end(JSON.stringify({ id: body.id, url: body.url }));
        return;
      }
      res.writeHead(404).end();
    })().catch((err: unknown) => res.writeHead(502).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { VERIFY_URL, VERIFY_API_KEY, VERIFY_WORKFLOW_ID, PORT } = process.env;
  if (!VERIFY_URL || !VERIFY_API_KEY || !VERIFY_WORKFLOW_ID) {
    console.error("Set VERIFY_URL, VERIFY_API_KEY and VERIFY_WORKFLOW_ID (and optionally PORT, default 4100).");
    process.exit(2);
  }
  const { origin } = await startShop({ verifyUrl: VERIFY_URL, apiKey: VERIFY_API_KEY, workflowId: VERIFY_WORKFLOW_ID, port: Number(PORT ?? 4100) });
  console.log(`Example shop on ${origin}: add it to the project's allowed origins, then open it.`);
}
