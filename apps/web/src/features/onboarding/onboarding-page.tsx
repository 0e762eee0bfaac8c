// Onboarding (/onboarding): organization details, then the GitHub App installation, then a
// confirmation. A signed-in user (Tenant Management's "Add Tenant") gets the organization created
// by the first step, as its admin and current tenant, so that no code host is needed: the GitHub
// step becomes optional. 'Install on GitHub' uses the user's organization of that name (or creates
// it) and sends the browser to the App's installation page with a state the server signed; the
// server's setup callback links the installation and sends the browser back here with
// `installation_id`, which is how step 3 is reached. Without an App on the server, an instance
// admin creates it here.
import type { Tenant } from "@rampart/contracts/tenants";
import { CheckCircle2, GitPullRequest, MessageSquare, ScanSearch } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { PublicLayout } from "../../components/public-layout";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { ApiError, serverErrorMessage } from "../../lib/api";
import { redirectTo } from "../../lib/browser";
import { cn } from "../../lib/cn";
import { useStoredValue, writeStoredValue } from "../../lib/stored-value";
import { useSession } from "../../session/api/get-me";
import { useAppMode } from "../../session/app-mode";
import { CURRENT_TENANT_STORAGE_KEY } from "../../session/use-current-tenant";
import { useCreateGitHubApp } from "./api/create-github-app";
import { useCreateOrganization } from "./api/create-organization";
import { useGitHubApp } from "./api/get-github-app";
import { useStartInstallation } from "./api/start-installation";
import {
  firstInvalidField,
  type OnboardingErrors,
  type OnboardingField,
  type OnboardingForm,
  validateOnboarding,
} from "./validate-onboarding";

type Step = "info" | "github" | "complete";

const STEPS: { id: Step; label: string }[] = [
  { id: "info", label: "Welcome" },
  { id: "github", label: "Install GitHub App" },
  { id: "complete", label: "Setup Complete!" },
];

function StepIndicator({ current }: { current: Step }) {
  const currentIndex = STEPS.findIndex((step) => step.id === current);
  return (
    <ol aria-label="Onboarding progress" className="mb-6 flex items-center gap-2">
      {STEPS.map((step, index) => (
        <li
          key={step.id}
          aria-current={index === currentIndex ? "step" : undefined}
          className="flex flex-1 flex-col gap-2"
        >
          <span
            aria-hidden="true"
            className={cn("h-1.5 rounded-full", index <= currentIndex ? "bg-primary" : "bg-elevated")}
          />
          <span
            className={cn("text-xs", index === currentIndex ? "text-foreground" : "text-muted-foreground")}
          >
            Step {index + 1} of {STEPS.length}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Why the install button cannot work yet, and what the user can do about it. */
function AppNotice({ onCreate, creating }: { onCreate: () => void; creating: boolean }) {
  const app = useGitHubApp();
  if (app.isPending || app.error) return null;
  if (app.data === null)
    return (
      <p className="mt-6 text-sm text-muted-foreground">
        <Link href="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>{" "}
        first: the installation is linked to your organization.
      </p>
    );
  if (app.data.configured) return null;
  if (!app.data.canCreate)
    return (
      <p className="mt-6 text-sm text-muted-foreground">
        This server has no GitHub App yet: ask its administrator to create it.
      </p>
    );
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-md border border-border p-4 text-sm">
      <p className="text-muted-foreground">
        This server has no GitHub App yet. Create it on GitHub with exactly the permissions Rampart uses;
        GitHub brings you back here.
      </p>
      <Button variant="outline" onClick={onCreate} disabled={creating}>
        {creating ? "Opening GitHub..." : "Create GitHub App"}
      </Button>
    </div>
  );
}

function failureText(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 401)
    return "Sign in first: the installation is linked to your organization.";
  return serverErrorMessage(error) ?? "GitHub could not be reached from Rampart. Try again.";
}

export function OnboardingPage() {
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const returnedFromInstall = searchParams.has("installation_id");
  const appCreated = searchParams.get("github_app") === "created";
  const [step, setStep] = useState<Step>(returnedFromInstall ? "complete" : "info");
  const app = useGitHubApp({ enabled: step === "github" });
  const start = useStartInstallation();
  const createApp = useCreateGitHubApp();
  const [form, setForm] = useState<OnboardingForm>({ organizationName: "", email: "" });
  const [errors, setErrors] = useState<OnboardingErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<OnboardingField, HTMLInputElement | null>>>({});
  const { user } = useSession();
  const [, setCurrentTenant] = useStoredValue(CURRENT_TENANT_STORAGE_KEY);
  const [, setMode] = useAppMode();
  const [created, setCreated] = useState<Tenant | null>(null);
  const create = useCreateOrganization((tenant) => {
    setCurrentTenant(tenant.id);
    setMode("live");
    setCreated(tenant);
    setStep("github");
  });
  // A signed-in user creates the organization for themselves: they are its admin.
  const filled: OnboardingForm = user ? { ...form, email: user.email } : form;

  function update(field: OnboardingField, value: string) {
    const next = { ...form, [field]: value };
    setForm(next);
    // Validation starts on the first submit; from then on every change re-validates.
    if (submitted) setErrors(validateOnboarding(user ? { ...next, email: user.email } : next));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateOnboarding(filled);
    setSubmitted(true);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    if (user) create.mutate(filled.organizationName.trim());
    else setStep("github");
  }

  function install() {
    start.mutate(form.organizationName.trim(), {
      onSuccess: ({ tenantId, url }) => {
        // Back from GitHub, the app shows the organization that was just connected.
        writeStoredValue(CURRENT_TENANT_STORAGE_KEY, tenantId);
        redirectTo(url);
      },
    });
  }

  const failure = failureText(start.error ?? createApp.error);

  return (
    <PublicLayout wide>
      <StepIndicator current={step} />
      {appCreated && step !== "complete" ? (
        <p role="status" className="mb-4 rounded-md border border-border p-3 text-sm">
          The GitHub App was created. Continue to install it on your organization.
        </p>
      ) : null}
      {step === "info" ? (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Welcome</h1>
            <CardDescription>
              Tell us about your organization. Rampart keeps each organization's data separate.
              {user ? " Continue creates it, with you as its admin." : null}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit}>
              <TextField
                id="onboarding-organization"
                label="Organization Name"
                ref={(element) => {
                  inputs.current.organizationName = element;
                }}
                autoComplete="organization"
                value={form.organizationName}
                error={errors.organizationName}
                onChange={(value) => update("organizationName", value)}
              />
              <TextField
                id="onboarding-email"
                label="Admin Email"
                ref={(element) => {
                  inputs.current.email = element;
                }}
                type="email"
                autoComplete="email"
                value={filled.email}
                readOnly={user !== null}
                error={errors.email}
                onChange={(value) => update("email", value)}
              />
              <Button type="submit" className="mt-2 w-full" disabled={create.isPending}>
                {create.isPending ? "Creating organization..." : "Continue"}
              </Button>
            </form>
          </CardContent>
        </Card>
      ) : null}

      {step === "github" ? (
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Install GitHub App</h1>
            <CardDescription>
              Install the Rampart GitHub App. The installation will be linked to{" "}
              <strong className="font-semibold text-foreground">{form.organizationName.trim()}</strong>.
              {created
                ? " The organization is ready without it: add local repositories or git URLs from the dashboard, and fix pull requests go to Rampart's local fix remote. Connecting GitHub is optional."
                : null}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm font-medium">The app will:</p>
            <ul className="mt-3 flex flex-col gap-3 text-sm text-muted-foreground">
              <li className="flex items-start gap-3">
                <ScanSearch className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                Scan pull requests for security issues
              </li>
              <li className="flex items-start gap-3">
                <GitPullRequest className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                Create automated fix pull requests
              </li>
              <li className="flex items-start gap-3">
                <MessageSquare className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                Post security insights as pull-request comments
              </li>
            </ul>
            <AppNotice onCreate={() => createApp.mutate()} creating={createApp.isPending} />
            {failure ? (
              <p role="alert" className="mt-4 text-sm text-danger">
                {failure}
              </p>
            ) : null}
            <div className="mt-8 flex gap-3">
              {/* Once the organization exists, going back would create a second one. */}
              {created ? (
                <Button variant="outline" onClick={() => navigate("/dashboard")}>
                  Skip for now
                </Button>
              ) : (
                <Button variant="outline" onClick={() => setStep("info")}>
                  Back
                </Button>
              )}
              <Button
                className="flex-1"
                onClick={install}
                disabled={start.isPending || app.data === null || app.data?.configured === false}
              >
                Install on GitHub
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}

      {step === "complete" ? (
        <Card>
          <CardHeader className="items-center text-center">
            <CheckCircle2 className="mb-2 size-12 text-success" aria-hidden="true" />
            <h1 className="text-2xl font-semibold tracking-tight">Setup Complete!</h1>
            <CardDescription>
              We received your GitHub installation. Your tenant is being provisioned automatically.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex justify-center">
            <Button onClick={() => navigate("/dashboard")}>Go to Dashboard</Button>
          </CardContent>
        </Card>
      ) : null}
    </PublicLayout>
  );
}
