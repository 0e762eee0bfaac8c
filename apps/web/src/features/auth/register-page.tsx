// Get Beta Access (/register): creates the account and its organization, then the user signs in.
import { RegisterBody } from "@rampart/contracts/auth";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { PublicLayout } from "../../components/public-layout";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { useRegister } from "./api/register";

export function RegisterPage() {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [tenantName, setTenantName] = useState("");
  const register = useRegister();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rule (length, not only spaces), so the form refuses what the API would.
    const checked = RegisterBody.shape.password.safeParse(password);
    if (!checked.success) {
      toast({
        variant: "destructive",
        title: "Validation error",
        description: checked.error.issues[0]?.message ?? "Invalid password",
      });
      return;
    }
    register.mutate({ name: name.trim(), email: email.trim(), password, tenantName: tenantName.trim() });
  }

  return (
    <PublicLayout>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Get Beta Access</h1>
          <CardDescription>
            Rampart is in private beta with limited seats. Create your account and organization.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={handleSubmit}>
            <TextField
              id="register-name"
              label="Full Name"
              autoComplete="name"
              required
              value={name}
              onChange={setName}
            />
            <TextField
              id="register-email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={setEmail}
            />
            <TextField
              id="register-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              placeholder="Min. 8 characters"
              required
              value={password}
              onChange={setPassword}
            />
            <TextField
              id="register-organization"
              label="Organization Name"
              autoComplete="organization"
              required
              value={tenantName}
              onChange={setTenantName}
            />
            <Button type="submit" className="mt-2 w-full" disabled={register.isPending}>
              {register.isPending ? "Creating account..." : "Create account"}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link href="/login" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
