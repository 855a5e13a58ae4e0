/**
 * The sandbox DigiLocker's consent page (test mode): DigiLocker's `GET /public/oauth2/1/authorize`
 * with the sandbox's people instead of a sign-in (server/providers/digilocker-sandbox.ts).
 * Choosing a person allows sharing as them; "Deny" declines (`error=access_denied`).
 */
import { DIGILOCKER_SANDBOX_PEOPLE, ZSandboxAuthorize } from "~/server/providers/digilocker-sandbox";

export const dynamic = "force-dynamic";

export default async function SandboxAuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = await searchParams;
  const query = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === "string"));
  const request = ZSandboxAuthorize.safeParse(query);
  const consent = (extra: Record<string, string>) => `/digilocker-sandbox/consent?${new URLSearchParams({ ...query, ...extra }).toString()}`;
  return (
    <main className="mx-auto max-w-lg px-5 py-10" data-testid="digilocker-sandbox">
      <p className="text-xs font-semibold uppercase tracking-wide text-amber-700">Sandbox: test mode only</p>
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">DigiLocker</h1>
      {request.success ? (
        <>
          <p className="mt-3 text-slate-700">An application asks to read your e-Aadhaar and issued documents. Choose who you are in this sandbox, or deny.</p>
          <ul className="mt-6 space-y-3">
            {DIGILOCKER_SANDBOX_PEOPLE.map((p) => (
              <li key={p.id}>
                <a
                  href={consent({ person: p.id })}
                  className="block rounded-lg border border-slate-300 px-4 py-3 hover:border-slate-500"
                  data-testid={`digilocker-sandbox-person-${p.id}`}
                >
                  <span className="font-medium text-slate-900">{`Allow as ${p.name}`}</span>
                  <span className="mt-1 block text-sm text-slate-600">{p.outcome}</span>
                </a>
              </li>
            ))}
          </ul>
          <a href={consent({ decision: "deny" })} className="mt-6 inline-block text-sm text-red-700 underline" data-testid="digilocker-sandbox-deny">
            Deny
          </a>
        </>
      ) : (
        <p className="mt-3 text-red-800" role="alert">
          invalid_request: this authorization request is not one the sandbox answers (response_type=code, client_id=sandbox_client, code_challenge_method=S256
          and a code_challenge are required).
        </p>
      )}
    </main>
  );
}
