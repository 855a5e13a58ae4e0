import "server-only";
/**
 * Dashboard: project settings. Everyone in the organization reads them; owners and admins
 * change name, retention, branding and the re-KYC intervals by risk level; developers too may
 * edit the allowed origins.
 */
import { z } from "zod";
import { getDigilockerSettings, removeDigilockerSettings, setDigilockerSettings } from "../../digilocker/digilocker-settings";
import { ZDigilockerSettingsRequest, ZDigilockerSettingsView } from "../../digilocker/digilocker-settings.schemas";
import { addAllowedOrigin, removeAllowedOrigin } from "../../projects/allowed-origins";
import { removeProjectLogo, setProjectLogo } from "../../projects/project-logo";
import { getProjectSettings, updateProjectSettings } from "../../projects/project-settings";
import { getRegistryProviders, setRegistryProvider } from "../../projects/registry-providers";
import { getRiskReviewYears, setRiskReviewYears } from "../../projects/risk-review-years";
import { ZRiskReviewYears } from "../../risk/review-schedule";
import { ZAllowedOriginRequest, ZProjectBranding, ZProjectSettings, ZProjectSettingsRequest, ZSetLogoRequest } from "../../projects/project-settings.schemas";
import { ZRegistryProviderChoice, ZSetRegistryProviderRequest } from "../../projects/registry-providers.schemas";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

const manage = projectProcedure(PERMISSIONS.manageSettings);
const origins = projectProcedure(PERMISSIONS.manageOrigins);

export const settingsRouter = createTRPCRouter({
  get: projectProcedure()
    .output(ZProjectSettings)
    .query(({ ctx }) => getProjectSettings(ctx.db, ctx.tenant.projectId)),
  update: manage
    .input(ZProjectSettingsRequest)
    .output(ZProjectSettings)
    .mutation(({ ctx, input }) =>
      updateProjectSettings(
        ctx.db,
        ctx.tenant.projectId,
        { name: input.name, retentionDays: input.retentionDays, brandColor: input.brandColor },
        { type: "user", id: ctx.userId, ip: ctx.ip },
      ),
    ),
  setLogo: manage
    .input(ZSetLogoRequest)
    .output(ZProjectBranding)
    .mutation(({ ctx, input }) =>
      setProjectLogo(ctx.db, ctx.tenant.projectId, Buffer.from(input.contentBase64, "base64"), { type: "user", id: ctx.userId, ip: ctx.ip }),
    ),
  removeLogo: manage
    .output(ZProjectBranding)
    .mutation(({ ctx }) => removeProjectLogo(ctx.db, ctx.tenant.projectId, { type: "user", id: ctx.userId, ip: ctx.ip })),
  registryProviders: projectProcedure()
    .output(z.array(ZRegistryProviderChoice))
    .query(({ ctx }) => getRegistryProviders(ctx.db, ctx.tenant.projectId)),
  setRegistryProvider: manage
    .input(ZSetRegistryProviderRequest)
    .output(z.array(ZRegistryProviderChoice))
    .mutation(({ ctx, input }) =>
      setRegistryProvider(ctx.db, ctx.tenant.projectId, input.checkKey, input.adapters, { type: "user", id: ctx.userId, ip: ctx.ip }),
    ),
  /** The project's DigiLocker credentials for live mode (the secret is write-only). */
  digilocker: projectProcedure()
    .output(ZDigilockerSettingsView)
    .query(({ ctx }) => getDigilockerSettings(ctx.db, ctx.tenant.projectId)),
  setDigilocker: manage
    .input(ZDigilockerSettingsRequest)
    .output(ZDigilockerSettingsView)
    .mutation(({ ctx, input }) => setDigilockerSettings(ctx.db, ctx.tenant.projectId, input, { type: "user", id: ctx.userId, ip: ctx.ip })),
  removeDigilocker: manage
    .output(ZDigilockerSettingsView)
    .mutation(({ ctx }) => removeDigilockerSettings(ctx.db, ctx.tenant.projectId, { type: "user", id: ctx.userId, ip: ctx.ip })),
  riskReviewYears: projectProcedure()
    .output(ZRiskReviewYears)
    .query(({ ctx }) => getRiskReviewYears(ctx.db, ctx.tenant.projectId)),
  setRiskReviewYears: manage
    .input(ZRiskReviewYears)
    .output(ZRiskReviewYears)
    .mutation(({ ctx, input }) => setRiskReviewYears(ctx.db, ctx.tenant.projectId, input, { type: "user", id: ctx.userId, ip: ctx.ip })),
  addOrigin: origins
    .input(ZAllowedOriginRequest)
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => addAllowedOrigin(ctx.db, ctx.tenant.projectId, input.origin, { type: "user", id: ctx.userId, ip: ctx.ip })),
  removeOrigin: origins
    .input(z.object({ origin: z.string().min(1).max(255) }))
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => removeAllowedOrigin(ctx.db, ctx.tenant.projectId, input.origin, { type: "user", id: ctx.userId, ip: ctx.ip })),
});
