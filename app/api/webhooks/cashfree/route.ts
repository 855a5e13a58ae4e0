/** POST /api/webhooks/cashfree: Cashfree's signed reverse penny drop webhook (server/providers/cashfree-webhook.ts). */
import { getDb } from "~/server/db";
import { CASHFREE_WEBHOOK_MAX_BYTES, receiveCashfreeWebhook } from "~/server/providers/cashfree-webhook";

export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  const raw = await req.text();
  if (Buffer.byteLength(raw) > CASHFREE_WEBHOOK_MAX_BYTES) return Response.json({ received: false }, { status: 413 });
  const status = await receiveCashfreeWebhook(await getDb(), raw);
  return Response.json({ received: status === 200 }, { status, headers: { "cache-control": "no-store" } });
}
