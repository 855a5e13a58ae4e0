/**
 * Makes `X-Forwarded-For` say who connected, before Next reads the request: a peer that is
 * not a trusted proxy (`TRUSTED_PROXIES`, server/http/trusted-proxies.ts) cannot claim another
 * address, so the header becomes just the peer's address; a trusted proxy's header is kept and
 * the proxy itself appended. Next passes the header on unchanged (it only fills it in when it
 * is missing), and server/http/client-ip.ts reads it. Installed once per process by
 * instrumentation.ts on Node's HTTP(S) servers.
 */
import http from "node:http";
import https from "node:https";
import { env } from "../env";
import { isTrustedProxy, parseAddress, type TrustedProxies } from "./trusted-proxies";

/** The header a request from `peer` (the socket's remote address) carries on: undefined (removed) for an unknown peer. */
export function forwardedFor(peer: string | undefined, claimed: string | string[] | undefined, trusted: TrustedProxies): string | undefined {
  const ip = peer ? parseAddress(peer) : null;
  if (!ip) return undefined;
  const chain = [claimed ?? []].flat().join(", ").trim();
  return isTrustedProxy(ip, trusted) && chain ? `${chain}, ${ip}` : ip.toString();
}

const INSTALLED = Symbol.for("kyc.forwardedForGuard");

/** Rewrites `X-Forwarded-For` of every request that reaches an HTTP(S) server of this process (once per process). */
export function installForwardedForGuard(trusted: TrustedProxies = env.TRUSTED_PROXIES): void {
  for (const proto of [http.Server.prototype, https.Server.prototype] as (http.Server & { [INSTALLED]?: true })[]) {
    if (Object.prototype.hasOwnProperty.call(proto, INSTALLED)) continue;
    const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
    proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
      if (event === "request") {
        const req = args[0] as http.IncomingMessage;
        const value = forwardedFor(req.socket?.remoteAddress, req.headers["x-forwarded-for"], trusted);
        if (value === undefined) delete req.headers["x-forwarded-for"];
        else req.headers["x-forwarded-for"] = value;
      }
      return emit.call(this, event, ...args);
    } as typeof proto.emit;
    proto[INSTALLED] = true;
  }
}
