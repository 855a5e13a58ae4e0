import { handleControlRequest } from "~/server/cli/control-endpoint";

export const dynamic = "force-dynamic";
export const POST = handleControlRequest;
