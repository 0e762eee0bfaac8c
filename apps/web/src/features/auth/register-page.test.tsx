import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithProviders, stubFetch } from "../../test/render";
import { RegisterPage } from "./register-page";

async function fillForm(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Full Name"), "Ada Lovelace");
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Organization Name"), "Analytical Engines");
  await user.click(screen.getByRole("button", { name: "Create account" }));
}

describe("RegisterPage", () => {
  it("has the spec's fields and placeholder", () => {
    renderWithProviders(<RegisterPage />, { path: "/register" });
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("placeholder", "Min. 8 characters");
    for (const label of ["Full Name", "Email", "Password", "Organization Name"]) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
  });

  it("refuses a password shorter than 8 characters with a toast and sends nothing", async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<RegisterPage />, { path: "/register" });
    await fillForm("short7!");
    expect(await screen.findByText("Validation error")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses a password of only spaces with the shared contract's words and sends nothing", async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<RegisterPage />, { path: "/register" });
    await fillForm("          ");
    expect(await screen.findByText("Validation error")).toBeInTheDocument();
    expect(screen.getByText("Password must not be only spaces")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("registers, confirms with a toast and goes to /login", async () => {
    const fetchMock = stubFetch({ "POST /api/auth/register": { status: 201, body: { ok: true } } });
    const { location } = renderWithProviders(<RegisterPage />, { path: "/register" });
    await fillForm("correct horse");
    expect(await screen.findByText("Account created")).toBeInTheDocument();
    expect(screen.getByText("Please sign in with your credentials")).toBeInTheDocument();
    expect(location.history.at(-1)).toBe("/login");
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "correct horse",
      tenantName: "Analytical Engines",
    });
  });

  it("shows the server's error, or 'Please try again' when there is none", async () => {
    stubFetch({ "POST /api/auth/register": { status: 409, body: { error: "Email already registered" } } });
    renderWithProviders(<RegisterPage />, { path: "/register" });
    await fillForm("correct horse");
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Email already registered")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled());
  });

  it("falls back to 'Please try again' when the body has no error field", async () => {
    stubFetch({ "POST /api/auth/register": { status: 500, body: "", statusText: "Internal Server Error" } });
    renderWithProviders(<RegisterPage />, { path: "/register" });
    await fillForm("correct horse");
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Please try again")).toBeInTheDocument();
  });
});
