import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGet, apiSend, buildReadPath, serverErrorMessage } from "./api";

function stubResponse(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("buildReadPath", () => {
  it("joins segments with slashes", () => {
    expect(buildReadPath(["/api/tenants", "t-1", "runs"])).toBe("/api/tenants/t-1/runs");
  });

  it("turns a trailing object into a query string of its non-null entries", () => {
    expect(
      buildReadPath(["/api/tenants", "t-1", "summary", { days: 30, repo: null, status: undefined }]),
    ).toBe("/api/tenants/t-1/summary?days=30");
    expect(buildReadPath(["/api/controls/c-1/findings", { tenantId: "t 1", flag: false }])).toBe(
      "/api/controls/c-1/findings?tenantId=t+1&flag=false",
    );
  });

  it("leaves the path alone when the object has no non-null entry", () => {
    expect(buildReadPath(["/api/frameworks", { type: null }])).toBe("/api/frameworks");
  });
});

describe("apiGet", () => {
  it("sends credentials and parses JSON", async () => {
    const fetchMock = stubResponse(new Response(JSON.stringify([{ id: 1 }]), { status: 200 }));
    await expect(apiGet(["/api/tenants"])).resolves.toEqual([{ id: 1 }]);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/tenants",
      expect.objectContaining({ credentials: "include" }),
    );
  });

  it("fails with '<status>: <body>' on a non-OK answer", async () => {
    stubResponse(new Response('{"error":"Tenant not found"}', { status: 404, statusText: "Not Found" }));
    const error = await apiGet(["/api/tenants", "x"]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: {"error":"Tenant not found"}');
    expect((error as ApiError).status).toBe(404);
  });

  it("uses the status text when the body is empty", async () => {
    stubResponse(new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(apiGet(["/api/tenants"])).rejects.toThrow("500: Internal Server Error");
  });

  it("fails on 401 by default and resolves to null when asked", async () => {
    stubResponse(new Response('{"error":"Not signed in"}', { status: 401 }));
    await expect(apiGet(["/api/auth/me"])).rejects.toThrow('401: {"error":"Not signed in"}');
    stubResponse(new Response('{"error":"Not signed in"}', { status: 401 }));
    await expect(apiGet(["/api/auth/me"], { on401: "returnNull" })).resolves.toBeNull();
  });
});

describe("apiSend", () => {
  it("sends a JSON body with its content type", async () => {
    const fetchMock = stubResponse(new Response('{"ok":true}', { status: 200 }));
    await expect(
      apiSend("PATCH", "/api/tenants/t-1/settings", { auditorAccessEnabled: true }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith("/api/tenants/t-1/settings", {
      method: "PATCH",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"auditorAccessEnabled":true}',
    });
  });

  it("sends no content type and no body when there is none", async () => {
    const fetchMock = stubResponse(new Response(null, { status: 204 }));
    await expect(apiSend("POST", "/api/auth/logout")).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/logout", { method: "POST", credentials: "include" });
  });

  it("fails with the same '<status>: <body>' format", async () => {
    stubResponse(
      new Response('{"error":"Email already registered"}', { status: 409, statusText: "Conflict" }),
    );
    await expect(apiSend("POST", "/api/auth/register", {})).rejects.toThrow(
      '409: {"error":"Email already registered"}',
    );
  });
});

describe("serverErrorMessage", () => {
  it("reads the error field of a JSON body", () => {
    expect(serverErrorMessage(new ApiError(400, "Bad Request", '{"error":"Bad input"}'))).toBe("Bad input");
  });

  it("is null for bodies that carry no usable error field and for other errors", () => {
    expect(serverErrorMessage(new ApiError(502, "Bad Gateway", "<html>proxy</html>"))).toBeNull();
    expect(serverErrorMessage(new ApiError(400, "Bad Request", '{"message":"x"}'))).toBeNull();
    expect(serverErrorMessage(new ApiError(500, "Internal Server Error", ""))).toBeNull();
    expect(serverErrorMessage(new Error("network down"))).toBeNull();
  });
});
