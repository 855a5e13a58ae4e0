import { describe, expect, it } from "vitest";
import { z } from "zod";
import { JsonText } from "../../json-text";
import { WithStatus } from "./endpoint";
import { handlerResponse, jsonResponse, successStatus } from "./response-schema";

const endpoint = {
  operationId: "createThing",
  responses: { 201: z.object({ id: z.string() }), 202: z.object({ id: z.string(), status: z.literal("pending") }) },
};
const headers = { "Request-Id": "req_1", "Service-Version": "2026-10-01" };

describe("successStatus", () => {
  it("is the lowest declared success status, 200 without any", () => {
    expect(successStatus(endpoint)).toBe(201);
    expect(successStatus({})).toBe(200);
  });
});

describe("handlerResponse", () => {
  it("serializes a result once with the default status and the given headers", () => {
    expect(handlerResponse(endpoint, { id: "t_1" }, headers)).toEqual({
      status: 201,
      headers: { "Content-Type": "application/json", ...headers },
      body: '{"id":"t_1"}',
    });
  });

  it("takes the status of WithStatus and checks the body against that status's schema", () => {
    expect(handlerResponse(endpoint, new WithStatus(202, { id: "t_1", status: "pending" }), headers)).toMatchObject({
      status: 202,
      body: '{"id":"t_1","status":"pending"}',
    });
    expect(() => handlerResponse(endpoint, new WithStatus(202, { id: "t_1" }), headers)).toThrow(/createThing: the 202 response does not match its schema/);
  });

  it("sends JSON text as it is, checked against the schema outside production", () => {
    expect(handlerResponse(endpoint, new JsonText('{"id": "t_1"}'), headers)).toEqual({
      status: 201,
      headers: { "Content-Type": "application/json", ...headers },
      body: '{"id": "t_1"}',
    });
    expect(() => handlerResponse(endpoint, new JsonText('{"id":7}'), headers)).toThrow(/createThing: the 201 response/);
  });

  it("refuses a result that does not match its schema outside production", () => {
    expect(() => handlerResponse(endpoint, { id: 7 }, headers)).toThrow(/createThing: the 201 response/);
  });
});

describe("jsonResponse", () => {
  it("is JSON with its Content-Type", () => {
    expect(jsonResponse(400, { error: { code: "x" } }, {})).toEqual({
      status: 400,
      headers: { "Content-Type": "application/json" },
      body: '{"error":{"code":"x"}}',
    });
  });
});
