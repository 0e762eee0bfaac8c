import { describe, expect, it } from "vitest";
import { judgeRequestOrigin } from "./cross-site-requests.ts";

const request = (method: string, headers: Record<string, string>) => ({
  method,
  headers,
  protocol: "http" as const,
  host: "10.0.0.5:3000",
});

describe("judgeRequestOrigin", () => {
  it("accepts the configured public URL's origin besides the request's own", () => {
    const allowed = ["https://rampart.example.com"];
    expect(judgeRequestOrigin(request("POST", { origin: "https://rampart.example.com" }), allowed)).toBe(
      "allowed",
    );
    expect(judgeRequestOrigin(request("POST", { origin: "http://10.0.0.5:3000" }), allowed)).toBe("allowed");
    expect(judgeRequestOrigin(request("POST", { origin: "https://rampart.example.com.evil" }), allowed)).toBe(
      "cross_site",
    );
  });

  it("asks nothing of safe methods and demands proof of state-changing ones", () => {
    expect(judgeRequestOrigin(request("GET", { "sec-fetch-site": "cross-site" }))).toBe("allowed");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(judgeRequestOrigin(request(method, { "content-type": "text/plain" }))).toBe("no_proof");
      expect(judgeRequestOrigin(request(method, {}))).toBe("no_proof");
      expect(judgeRequestOrigin(request(method, { "content-type": "application/json" }))).toBe("allowed");
      // A user-typed navigation ("none") proves nothing either way.
      expect(judgeRequestOrigin(request(method, { "sec-fetch-site": "none" }))).toBe("no_proof");
    }
  });

  it("does not take a JSON look-alike media type for JSON", () => {
    for (const contentType of ["application/jsonx", "text/json", "application/json-patch+json"]) {
      expect(judgeRequestOrigin(request("POST", { "content-type": contentType }))).toBe("no_proof");
    }
  });
});

describe("judgeRequestOrigin with an API token", () => {
  it("lets a bearer request from CI through whatever it says of its origin", () => {
    const bearer = { authorization: "Bearer rmp_x" };
    expect(judgeRequestOrigin(request("POST", { ...bearer, "content-type": "application/json" }))).toBe(
      "allowed",
    );
    expect(judgeRequestOrigin(request("POST", { ...bearer, origin: "https://ci.example.com" }))).toBe(
      "allowed",
    );
    expect(judgeRequestOrigin(request("POST", { ...bearer, "sec-fetch-site": "cross-site" }))).toBe(
      "allowed",
    );
  });

  it("does not take Basic credentials, which browsers replay by themselves, for proof", () => {
    const basic = { authorization: "Basic dXNlcjpwYXNz" };
    expect(judgeRequestOrigin(request("POST", { ...basic, origin: "https://evil.example" }))).toBe(
      "cross_site",
    );
    expect(judgeRequestOrigin(request("POST", { ...basic, "content-type": "text/plain" }))).toBe("no_proof");
  });
});
