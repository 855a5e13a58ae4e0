/** The client's address as we record it (audit, consent): the first `X-Forwarded-For` hop, else `X-Real-IP`. */
export function clientIp(headers: Headers): string | null {
  return headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? headers.get("x-real-ip") ?? null;
}
