// Sign in (/login): e-mail and password, both required.
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { PublicLayout } from "../../components/public-layout";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { useLogin } from "./api/login";

export function LoginPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const login = useLogin();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    login.mutate({ email: email.trim(), password });
  }

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
          <CardDescription>Welcome back. Sign in to your organization's control plane.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
            <TextField
              id="login-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={setEmail}
            />
            <TextField
              id="login-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
            <Button type="submit" className="mt-2 w-full" disabled={login.isPending}>
              {login.isPending ? "Signing in..." : "Sign in"}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            No account yet?{" "}
            <Link href="/register" className="font-medium text-primary hover:underline">
              Get Beta Access
            </Link>
          </p>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
