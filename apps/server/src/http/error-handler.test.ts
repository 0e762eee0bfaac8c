import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { registerErrorHandler, validationMessage, withoutSchemaPath } from "./error-handler.ts";

/** An app whose one route fails as drizzle does: the driver's error (with its SQLSTATE) as the cause. */
async function failingWith(code: string) {
  const app = Fastify();
  registerErrorHandler(app);
  app.get("/", async () => {
    throw new Error("Failed query: insert …", {
      cause: Object.assign(new Error("from the driver"), { code }),
    });
  });
  const response = await app.inject({ url: "/" });
  await app.close();
  return response;
}

describe("the error handler", () => {
  it("answers 400 when the database refuses a value from the request", async () => {
    for (const code of ["22008", "22021", "22P05", "22001"]) {
      const response = await failingWith(code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual({
        error: "A value in the request is out of range or holds characters that cannot be stored",
        code: "bad_request",
      });
    }
  });

  it("answers 500 without details for any other database failure", async () => {
    for (const code of ["22012", "42P01", "40001"]) {
      const response = await failingWith(code);
      expect(response.statusCode, code).toBe(500);
      expect(response.json()).toEqual({ error: "Internal server error", code: "internal" });
    }
  });
});

describe("validationMessage", () => {
  it("names the field as the form knows it, not the schema path", () => {
    expect(validationMessage("body", "/location", "Invalid input")).toBe("location: Invalid input");
    expect(validationMessage("body", "/items/0/name", "Too big")).toBe("items.0.name: Too big");
    expect(validationMessage("querystring", "/from", "must be 1970-01-01 or later")).toBe(
      "from: must be 1970-01-01 or later",
    );
  });

  it("lets a message that already names its field stand alone", () => {
    expect(validationMessage("body", "/password", "Password must be at least 8 characters")).toBe(
      "Password must be at least 8 characters",
    );
  });

  it("says which part of the request is wrong when no field is", () => {
    expect(validationMessage("body", "", "Invalid input: expected object, received undefined")).toBe(
      "Request body: Invalid input: expected object, received undefined",
    );
  });
});

describe("withoutSchemaPath", () => {
  it("turns a handler's schema path into the field's name", () => {
    expect(withoutSchemaPath("body.location: expected a git URL")).toBe("location: expected a git URL");
    expect(withoutSchemaPath("querystring.cursor: not a cursor of this list")).toBe(
      "cursor: not a cursor of this list",
    );
    expect(withoutSchemaPath("body.items.0.name: too long")).toBe("items.0.name: too long");
  });

  it("leaves other messages alone", () => {
    expect(withoutSchemaPath("body.location is wrong")).toBe("body.location is wrong");
    expect(withoutSchemaPath("Sign in to continue")).toBe("Sign in to continue");
  });

  it("is applied to AppErrors on their way out", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/", async () => {
      throw new AppError("bad_request", "body.location: local paths are not allowed here");
    });
    const response = await app.inject({ url: "/" });
    await app.close();
    expect(response.json()).toEqual({
      error: "location: local paths are not allowed here",
      code: "bad_request",
    });
  });
});
