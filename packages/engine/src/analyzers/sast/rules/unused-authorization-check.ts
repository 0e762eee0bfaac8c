import { definePatternRule } from "../pattern-rule.ts";

export const unusedAuthorizationCheck = definePatternRule({
  hazard: "unused-authorization-check",
  category: "security",
  title: "Route guard set up but used by no route",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [285, 862],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      'JavaScript: a file that mounts routes (`app.get("/…", …)`, `router.post("/…", …)`) declares an access check (`const isAdmin = …`, `function requireRole(…)`, `ensureLoggedIn`, `adminOnly` …) and never uses the name again in its code (commented-out uses do not count). Exported guards, and guards defined in a module of their own and imported where they are used, are not judged.',
    whyItMatters:
      "A guard that was written for some routes and is applied to none leaves those routes open: NodeGoat's benefits page, meant for administrators, is reachable by every signed-in user (missing function-level access control).",
    remediation:
      'Put the guard in front of every route it was meant for (`app.get("/benefits", isLoggedIn, isAdmin, …)`), or on the router that groups them, and delete it if no route needs it.',
    example: 'app.get("/benefits", isLoggedIn, isAdmin, benefitsHandler.displayBenefits);',
    references: ["https://owasp.org/Top10/A01_2021-Broken_Access_Control/"],
  },
});
