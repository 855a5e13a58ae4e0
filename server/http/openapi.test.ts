/**
 * The generated OpenAPI document is valid OpenAPI 3.1 (@readme/openapi-parser validates it
 * against the official OAS 3.1 schema plus its own rules), every schema in it compiles as
 * JSON Schema 2020-12 under Ajv's strict mode, and it covers exactly `API_ENDPOINTS`.
 * That real responses match it is tests/api/openapi.test.ts.
 */
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PUBLIC_EVENT_TYPES } from "../events/event.schemas";
import { signatureHeader } from "../webhooks/sign";
import { API_ENDPOINTS } from "./endpoints";
import { openApiValidator } from "../../tests/fixtures/openapi-validator";
import { buildOpenApiDocument, openApiJson, SchemaCollector } from "./openapi";

/** The document as plain JSON, read by path in the assertions below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document navigated by path; each assertion states its shape
const doc = buildOpenApiDocument({ serverUrl: "https://verify.example" }) as any;

describe("OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    // validate() dereferences in place: give it a copy.
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("holds JSON Schemas that compile under Ajv's strict mode (no unknown keywords)", () => {
    const validator = openApiValidator(doc);
    expect(validator.compileAll()).toContain("Session");
    // ...and they do validate: a session-shaped value with an unknown field is refused.
    const session = { $ref: "#/components/schemas/Session" };
    expect(validator.errors(session, { object: "session" })).not.toEqual([]);
    expect(
      validator.errors({ $ref: "#/components/schemas/Error" }, { error: { type: "api_error", code: "internal_error", message: "x", request_id: "req_1" } }),
    ).toEqual([]);
    expect(
      validator.errors(
        { $ref: "#/components/schemas/Error" },
        { error: { type: "api_error", code: "internal_error", message: "x", request_id: "req_1", stack: "..." } },
      ),
    ).not.toEqual([]);
  });

  it("documents every endpoint once, with its operation id, and every event type as a webhook", () => {
    const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(operations.sort()).toEqual(API_ENDPOINTS.map((e) => `${e.method} ${e.path} ${e.operationId}`).sort());
    expect(Object.keys(doc.webhooks).sort()).toEqual([...PUBLIC_EVENT_TYPES].sort());
  });

  it("documents auth, the error statuses, headers and the expand parameter", () => {
    expect(doc.components.securitySchemes.secretKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/v1/openapi.json"].get.security).toEqual([]);
    const create = doc.paths["/v1/sessions"].post;
    expect(Object.keys(create.responses).sort()).toEqual(["201", "400", "401", "404", "409", "413", "415", "429", "500", "503"]);
    expect(create.parameters).toContainEqual({ $ref: "#/components/parameters/IdempotencyKey" });
    expect(create.responses["201"].headers).toHaveProperty("Request-Id");
    expect(doc.components.responses.Error429.headers).toHaveProperty("Retry-After");
    const retrieve = doc.paths["/v1/sessions/{id}"].get;
    expect(retrieve.parameters.find((p: { name?: string }) => p.name === "expand")).toMatchObject({ in: "query", required: false, schema: { type: "string" } });
    expect(retrieve.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Session" });
    const signature = doc.webhooks["session.approved"].post.parameters[0];
    expect(signature).toMatchObject({ name: "Service-Signature", in: "header", required: true });
    // the documented format is what deliveries send, also during a secret rotation (two v1=)
    expect(signatureHeader(["whsec_a", "whsec_b"], '{"id":"evt_1"}', 1_790_000_000)).toMatch(new RegExp(signature.schema.pattern));
  });

  it("lists the error codes /v1 answers with, not those of the hosted flow or the dashboard", () => {
    const codes: string[] = doc.components.schemas.Error.properties.error.properties.code.enum;
    expect(codes).toEqual(expect.arrayContaining(["parameter_invalid", "resource_missing", "session_not_decidable", "client_token_not_allowed"]));
    // uploads answer through POST /v1/files too
    expect(codes).toEqual(
      expect.arrayContaining(["file_too_large", "file_type_not_allowed", "file_infected", "file_encrypted", "file_no_pages", "file_purpose_invalid"]),
    );
    for (const flowOrDashboard of ["override_not_confirmed", "session_claimed", "last_owner", "invalid_credentials", "otp_invalid"]) {
      expect(codes).not.toContain(flowOrDashboard);
      expect(JSON.stringify(doc.components.responses)).not.toContain(`\`${flowOrDashboard}\``);
    }
  });

  it("describes responses as closed objects and requests by their input (defaults optional)", () => {
    expect(doc.components.schemas.Session).toMatchObject({ type: "object", additionalProperties: false });
    expect(doc.components.schemas.Session.required).toContain("status");
    expect(doc.components.schemas.Session.required).not.toContain("checks");
    expect(doc.components.schemas.CreateWebhookEndpointRequest.required).toEqual(["url"]);
    expect(doc.components.schemas.SessionStatus.enum).toContain("resubmission_requested");
  });

  it("is built once per process", () => {
    expect(openApiJson("https://a.example")).toBe(openApiJson("https://a.example"));
    expect(JSON.parse(openApiJson("https://b.example")).servers).toEqual([{ url: "https://b.example" }]);
  });

  it("refuses a schema id whose request and response forms differ", () => {
    const Z = z.object({ n: z.number().default(1) }).meta({ id: "Drifty" });
    const schemas = new SchemaCollector();
    schemas.convert(z.object({ a: Z }), "input");
    expect(() => schemas.convert(z.object({ b: Z }), "output")).toThrow(/Drifty/);
  });
});
