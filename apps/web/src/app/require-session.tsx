// Guard for signed-in routes: a spinner while the session is checked, then the page inside the
// app shell, or a redirect to /login.
import type { ReactNode } from "react";
import { Redirect } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { useSession } from "../session/api/get-me";
import { AppShell } from "./layout/app-shell";

export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <main className="flex min-h-screen items-center justify-center">
        <Spinner label="Checking your session" />
      </main>
    );
  }
  if (!user) return <Redirect to="/login" replace />;
  return <AppShell>{children}</AppShell>;
}
