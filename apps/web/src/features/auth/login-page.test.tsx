import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meQueryKey } from "../../session/api/get-me";
import { renderWithProviders, stubFetch, TEST_USER } from "../../test/render";
import { LoginPage } from "./login-page";

async function signIn(email = "ada@example.com", password = "correct horse") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("requires both fields", () => {
    renderWithProviders(<LoginPage />, { path: "/login" });
    expect(screen.getByLabelText("Email")).toBeRequired();
    expect(screen.getByLabelText("Password")).toBeRequired();
    expect(screen.getByRole("link", { name: "Get Beta Access" })).toHaveAttribute("href", "/register");
  });

  it("shows 'Login failed' with the server's error and re-enables the button", async () => {
    stubFetch({ "POST /api/auth/login": { status: 401, body: { error: "Invalid email or password" } } });
    renderWithProviders(<LoginPage />, { path: "/login" });
    await signIn();
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Sign in" })).toBeEnabled());
  });

  it("falls back to 'Invalid credentials' when the server gives no error field", async () => {
    stubFetch({ "POST /api/auth/login": { status: 502, body: "<html>Bad gateway</html>" } });
    renderWithProviders(<LoginPage />, { path: "/login" });
    await signIn();
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid credentials")).toBeInTheDocument();
  });

  it("reads 'Signing in...' while busy, then stores the user and opens the dashboard", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = stubFetch({ "POST /api/auth/login": { body: { user: TEST_USER } } });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      await gate;
      return answer(input, init);
    });
    const { location, queryClient } = renderWithProviders(<LoginPage />, { path: "/login" });
    await signIn();
    expect(screen.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();
    await waitFor(() => expect(location.history.at(-1)).toBe("/dashboard"));
    expect(queryClient.getQueryData(meQueryKey)).toEqual(TEST_USER);
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/login",
      expect.objectContaining({ method: "POST", credentials: "include" }),
    );
  });
});
