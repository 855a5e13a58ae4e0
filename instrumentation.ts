/**
 * Runs once when the Next server starts (Node runtime only): validates the environment first
 * (importing server/env.ts throws naming each invalid variable, so the server does not start),
 * starts OpenTelemetry tracing when an OTLP endpoint is configured (server/tracing/tracing.ts), makes X-Forwarded-For truthful on every request (server/http/forwarded-for.ts), then starts
 * the outbox relay and, when no Inngest server is configured, the embedded executor; and writes
 * the local control file the CLI uses to reach this process while it holds the embedded
 * database (scripts/cli.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  await import("./server/env");
  const { startTracing } = await import("./server/tracing/tracing");
  await startTracing();
  const { installForwardedForGuard } = await import("./server/http/forwarded-for");
  installForwardedForGuard();
  const { startInngestWorkers } = await import("./inngest/start");
  await startInngestWorkers();
  const { publishControlFile } = await import("./server/local-control");
  await publishControlFile();
}
