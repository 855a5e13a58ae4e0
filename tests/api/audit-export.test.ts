/**
 * The audit CSV export writes an audit row, so it is a POST (issue 21, Low): a GET (a link, an
 * image, a prefetch) does nothing, and a form from another site is refused.
 */
import { expect, inject, it } from "vitest";
import { form, Jar, signIn } from "./dashboard-auth";

const { baseUrl, admin, demo } = inject("fixtures");
const fields = { project: demo.projectId, mode: "test" };

it("exports only on a same-site POST by a signed-in admin", async () => {
  const jar = new Jar();
  await signIn(baseUrl, jar, admin);
  const cookie = jar.header();

  const get = await fetch(`${baseUrl}/dashboard/audit/export?${new URLSearchParams(fields)}`, { headers: { cookie }, redirect: "manual" });
  await get.arrayBuffer();
  expect(get.status).toBe(405);

  const crossSite = await fetch(`${baseUrl}/dashboard/audit/export`, form(cookie, fields, { "sec-fetch-site": "cross-site" }));
  await crossSite.arrayBuffer();
  expect(crossSite.status).toBe(403);

  const post = await fetch(`${baseUrl}/dashboard/audit/export`, form(cookie, fields, { "sec-fetch-site": "same-origin" }));
  expect(post.status).toBe(200);
  expect(post.headers.get("content-type")).toContain("text/csv");
  expect((await post.text()).split("\n")[0]).toBe("time,actor_type,actor,actor_id,action,object_type,object_id,session_id,ip,data");

  const anonymous = await fetch(`${baseUrl}/dashboard/audit/export`, form("", fields));
  await anonymous.arrayBuffer();
  expect(anonymous.status).toBe(401);
});
