// The route table of spec part 1, §2. Public routes render alone; signed-in routes go through the
// session guard and the app shell; anything else is the not-found page. Pages other than the
// landing page and sign-in load on demand, so the first screen does not wait for every feature.
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { Spinner } from "../components/ui/spinner";
import { LoginPage } from "../features/auth/login-page";
import { LandingPage } from "../features/landing/landing-page";
import { NotFoundPage } from "./not-found-page";
import { RequireSession } from "./require-session";

type Page = ComponentType | LazyExoticComponent<ComponentType>;

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  return lazy(async () => ({ default: (await load())[name] }));
}

const RegisterPage = page(() => import("../features/auth/register-page"), "RegisterPage");
const OnboardingPage = page(() => import("../features/onboarding/onboarding-page"), "OnboardingPage");
const DashboardPage = page(() => import("../features/dashboard/dashboard-page"), "DashboardPage");
const RunsPage = page(() => import("../features/runs/runs-page"), "RunsPage");
const ControlsPage = page(() => import("../features/controls/controls-page"), "ControlsPage");
const DependenciesPage = page(() => import("../features/dependencies/dependencies-page"), "DependenciesPage");
const CodeFindingsPage = page(
  () => import("../features/code-findings/code-findings-page"),
  "CodeFindingsPage",
);
const CompliancePage = page(() => import("../features/compliance/compliance-page"), "CompliancePage");
const EnvironmentsPage = page(() => import("../features/environments/environments-page"), "EnvironmentsPage");
const RisksPage = page(() => import("../features/risks/risks-page"), "RisksPage");
const AiAdvisorPage = page(() => import("../features/ai-advisor/ai-advisor-page"), "AiAdvisorPage");
const PrBotPage = page(() => import("../features/pr-bot/pr-bot-page"), "PrBotPage");
const EvidencePage = page(() => import("../features/evidence/evidence-page"), "EvidencePage");
const ContainerImagesPage = page(() => import("../features/images/images-page"), "ContainerImagesPage");
const AttestationsPage = page(() => import("../features/attestations/attestations-page"), "AttestationsPage");
const TenantsPage = page(() => import("../features/tenants/tenants-page"), "TenantsPage");
const MembersPage = page(() => import("../features/members/members-page"), "MembersPage");
const InvitePage = page(() => import("../features/invite/invite-page"), "InvitePage");

function PageFallback() {
  return <Spinner label="Loading page" className="min-h-[50vh]" />;
}

export const SIGNED_IN_ROUTES: readonly { path: string; page: Page }[] = [
  { path: "/dashboard", page: DashboardPage },
  { path: "/runs", page: RunsPage },
  { path: "/controls", page: ControlsPage },
  { path: "/dependencies", page: DependenciesPage },
  { path: "/code-findings", page: CodeFindingsPage },
  { path: "/compliance", page: CompliancePage },
  // The compliance program's tabs and deep links (/compliance/evidence/:requestId, …).
  { path: "/compliance/:section/:itemId?", page: CompliancePage },
  { path: "/environments", page: EnvironmentsPage },
  { path: "/risks", page: RisksPage },
  { path: "/ai-advisor", page: AiAdvisorPage },
  { path: "/pr-bot", page: PrBotPage },
  { path: "/evidence", page: EvidencePage },
  { path: "/images", page: ContainerImagesPage },
  { path: "/attestations", page: AttestationsPage },
  { path: "/tenants", page: TenantsPage },
  { path: "/members", page: MembersPage },
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/onboarding" component={OnboardingPage} />
        <Route path="/invite/:token" component={InvitePage} />
        {SIGNED_IN_ROUTES.map(({ path, page: SignedInPage }) => (
          <Route key={path} path={path}>
            <RequireSession>
              <Suspense fallback={<PageFallback />}>
                <SignedInPage />
              </Suspense>
            </RequireSession>
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
