// The public landing page (/): what Rampart does, how it works, how it treats data, and the way in.
import {
  ArrowRight,
  BadgeCheck,
  Bot,
  ClipboardCheck,
  GitPullRequest,
  KeyRound,
  Link2,
  Lock,
  type LucideIcon,
  Radar,
  ScrollText,
  ShieldCheck,
  Sparkles,
  Trash2,
  Workflow,
} from "lucide-react";
import { Link, useLocation } from "wouter";
import { BrandLogo } from "../../components/brand-logo";
import { Button } from "../../components/ui/button";

const FEATURES: { title: string; icon: LucideIcon; body: string; points: string[] }[] = [
  {
    title: "Adaptive Assurance",
    icon: Radar,
    body: "Live policy rules evaluate every change across repositories, pipelines and environments.",
    points: [
      "Infrastructure-as-code, CI workflows and cloud drift",
      "Dependency scanning, static code analysis and containers",
      "Risk scoring that ranks what to fix first",
    ],
  },
  {
    title: "Compliance by Design",
    icon: ClipboardCheck,
    body: "Every policy maps to the controls your auditors ask about, so evidence builds itself.",
    points: [
      "Policies mapped to SOC2, ISO and NIST controls",
      "Audit-ready evidence for each control",
      "A tamper-evident, hash-chained evidence trail",
    ],
  },
  {
    title: "Agentic Remediation",
    icon: Bot,
    body: "Findings arrive with an explanation and a fix, in the pull request where work happens.",
    points: [
      "Automatic fix pull requests",
      "AI explanations and suggested fixes",
      "Security insights posted as pull-request comments",
    ],
  },
];

const STEPS: { title: string; body: string; icon: LucideIcon }[] = [
  {
    title: "Connect your code host",
    body: "Install the GitHub App and pick the repositories Rampart should watch.",
    icon: Link2,
  },
  {
    title: "Scan automatically",
    body: "Pipelines, infrastructure code and source code are scanned for violations on every change.",
    icon: Workflow,
  },
  {
    title: "Tune policies with AI",
    body: "Policies are generated or tuned with AI help to fit how your teams ship.",
    icon: Sparkles,
  },
  {
    title: "Approve fixes, export attestations",
    body: "Approve the fix pull requests and export attestations for your auditors.",
    icon: GitPullRequest,
  },
];

const REASONS: { title: string; body: string }[] = [
  {
    title: "One control plane for everyone",
    body: "Engineers see the failing line, security teams see the control, executives see the posture, and auditors get read-only access to the evidence when you grant it.",
  },
  {
    title: "Evidence you can verify",
    body: "Each piece of evidence is chained to the one before it by its hash, so an auditor can check the record has not been altered.",
  },
  {
    title: "Fixes, not just findings",
    body: "Rampart proposes the change that resolves a violation as a pull request, with the reasoning attached.",
  },
];

const SECURITY_PRACTICES: { text: string; icon: LucideIcon }[] = [
  { text: "Passwords are hashed, never stored in plain text", icon: KeyRound },
  { text: "Transport encryption is enforced for every connection", icon: Lock },
  { text: "Least-privilege code-host tokens, scoped per tenant", icon: ShieldCheck },
  { text: "Evidence is verified cryptographically", icon: BadgeCheck },
  { text: "Retention and deletion of your data on request", icon: Trash2 },
];

export function LandingPage() {
  const [, navigate] = useLocation();
  const goToRegister = () => navigate("/register");

  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-4">
          <Link href="/" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <BrandLogo />
          </Link>
          <nav aria-label="Sections" className="hidden flex-1 items-center gap-6 text-sm md:flex">
            <a href="#how" className="text-muted-foreground hover:text-foreground">
              How it works
            </a>
            <a href="#product" className="text-muted-foreground hover:text-foreground">
              Product
            </a>
            <a href="#security" className="text-muted-foreground hover:text-foreground">
              Security
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <Link href="/login" className="text-sm font-medium text-foreground hover:text-primary">
              Login
            </Link>
            <Button onClick={goToRegister}>Get Beta Access</Button>
          </div>
        </div>
      </header>

      <main>
        <section className="relative overflow-hidden border-b border-border bg-[radial-gradient(ellipse_at_top,_#12324a_0%,_#0a0f1c_60%)]">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-8 px-6 py-24 md:py-32">
            <span className="rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-medium text-primary">
              Private beta · limited seats
            </span>
            <h1 className="max-w-3xl text-4xl font-semibold tracking-tight md:text-6xl">
              Security and compliance, enforced on every change.
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Rampart enforces policies across repositories, pipelines and environments, maps the results to
              SOC2, ISO and NIST controls, opens the pull requests that fix violations, and keeps audit-ready
              evidence in a tamper-evident trail.
            </p>
            <div className="flex flex-wrap items-center gap-4">
              <Button size="lg" onClick={goToRegister}>
                Request beta access
                <ArrowRight aria-hidden="true" />
              </Button>
              <a href="#how" className="text-sm font-medium text-primary hover:underline">
                See how it works
              </a>
            </div>
          </div>
        </section>

        <section
          id="product"
          aria-labelledby="product-heading"
          className="scroll-mt-20 border-b border-border"
        >
          <div className="mx-auto max-w-6xl px-6 py-20">
            <h2 id="product-heading" className="text-3xl font-semibold tracking-tight">
              The product
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              Coverage for infrastructure-as-code, CI workflows, dependencies, source code, containers, cloud
              drift and evidence, in one place.
            </p>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {FEATURES.map(({ title, icon: Icon, body, points }) => (
                <article key={title} className="rounded-lg border border-border bg-card p-6">
                  <Icon className="size-8 text-primary" aria-hidden="true" />
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{body}</p>
                  <ul className="mt-4 flex flex-col gap-2 text-sm">
                    {points.map((point) => (
                      <li key={point} className="flex gap-2">
                        <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section
          id="how"
          aria-labelledby="how-heading"
          className="scroll-mt-20 border-b border-border bg-surface"
        >
          <div className="mx-auto max-w-6xl px-6 py-20">
            <h2 id="how-heading" className="text-3xl font-semibold tracking-tight">
              How it works
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-4">
              {STEPS.map(({ title, body, icon: Icon }, index) => (
                <li key={title} className="rounded-lg border border-border bg-card p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                      {index + 1}
                    </span>
                    <Icon className="size-5 text-primary" aria-hidden="true" />
                  </div>
                  <h3 className="mt-4 font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{body}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="why-heading" className="border-b border-border">
          <div className="mx-auto max-w-6xl px-6 py-20">
            <h2 id="why-heading" className="text-3xl font-semibold tracking-tight">
              Why Rampart
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {REASONS.map(({ title, body }) => (
                <div key={title}>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-2 text-sm text-muted-foreground">{body}</p>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section
          id="security"
          aria-labelledby="security-heading"
          className="scroll-mt-20 border-b border-border bg-surface"
        >
          <div className="mx-auto max-w-6xl px-6 py-20">
            <h2 id="security-heading" className="text-3xl font-semibold tracking-tight">
              Security and privacy
            </h2>
            <p className="mt-3 max-w-2xl text-muted-foreground">
              A security product has to hold itself to the standard it enforces.
            </p>
            <ul className="mt-10 grid gap-4 md:grid-cols-2">
              {SECURITY_PRACTICES.map(({ text, icon: Icon }) => (
                <li
                  key={text}
                  className="flex items-center gap-3 rounded-lg border border-border bg-card p-4"
                >
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                  <span className="text-sm">{text}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="beta-heading">
          <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-6 py-24 text-center">
            <ScrollText className="size-10 text-primary" aria-hidden="true" />
            <h2 id="beta-heading" className="text-3xl font-semibold tracking-tight">
              Seats in the private beta are limited
            </h2>
            <p className="text-muted-foreground">
              Connect a repository, see your SOC2 Type I posture, and get your first fix pull request.
            </p>
            <Button size="lg" onClick={goToRegister}>
              Join the Private Beta
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-6 py-8 text-sm text-muted-foreground md:flex-row">
          <span>© {new Date().getFullYear()} Rampart</span>
          <nav aria-label="Footer" className="flex gap-6">
            <Link href="/privacy" className="hover:text-foreground">
              Privacy
            </Link>
            <Link href="/terms" className="hover:text-foreground">
              Terms
            </Link>
            <Link href="/login" className="hover:text-foreground">
              Sign in
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
