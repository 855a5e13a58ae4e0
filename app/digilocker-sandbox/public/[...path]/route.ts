/**
 * The sandbox DigiLocker's Authorized Partner API over HTTP (server/providers/digilocker-sandbox.ts):
 * `POST /digilocker-sandbox/public/oauth2/1/token`, `GET .../oauth2/2/files/issued`,
 * `GET .../oauth2/2/xml/eaadhaar`, `GET .../oauth2/1/file/{uri}`, with DigiLocker's error answers.
 * Test data only; test mode's own calls go to the same handler in-process.
 */
import { handleDigilockerSandbox } from "~/server/providers/digilocker-sandbox";

export const dynamic = "force-dynamic";

export const GET = (req: Request): Promise<Response> => handleDigilockerSandbox(req);
export const POST = (req: Request): Promise<Response> => handleDigilockerSandbox(req);
