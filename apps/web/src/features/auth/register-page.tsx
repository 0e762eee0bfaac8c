// Get Beta Access (/register): creates the account and its organization, then the user signs in.
import { MIN_PASSWORD_LENGTH } from "@rampart/contracts/auth";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { PublicLayout } from "../../components/public-layout";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
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
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast({
        variant: "destructive",
        title: "Validation error",
        description: "Password must be at least 8 characters",
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
            <div className="flex flex-col gap-2">
              <Label htmlFor="register-name">Full Name</Label>
              <Input
                id="register-name"
                autoComplete="name"
                required
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="register-email">Email</Label>
              <Input
                id="register-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="register-password">Password</Label>
              <Input
                id="register-password"
                type="password"
                autoComplete="new-password"
                placeholder="Min. 8 characters"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="register-organization">Organization Name</Label>
              <Input
                id="register-organization"
                autoComplete="organization"
                required
                value={tenantName}
                onChange={(event) => setTenantName(event.target.value)}
              />
            </div>
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
