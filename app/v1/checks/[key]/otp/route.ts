/** `POST /v1/checks/{id}/otp`: completes a check with the applicant's one-time code, or sends a new one (server/checks/check-otp.ts). */
import { submitDirectCheckOtp } from "~/server/checks/check-otp";
import { submitCheckOtpEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(submitCheckOtpEndpoint, ({ params, body, ctx }) => submitDirectCheckOtp(ctx.db, ctx.tenant, params.key, body)),
});
