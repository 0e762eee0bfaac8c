import { definePatternRule } from "../pattern-rule.ts";

export const sessionFixation = definePatternRule({
  hazard: "session-fixation",
  category: "security",
  title: "Login keeps the session identifier from before it (session fixation)",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [384],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      "Express code stores the signed-in user in the session (`req.session.userId = user.id`, also `user`, `uid`, `account`, `authenticated`, `loggedIn` …) and the file never calls `req.session.regenerate(…)`. Clearing the value (`= null`), files using `cookie-session` (no server-side id) and test files are not reported.",
    whyItMatters:
      "express-session keeps the id a browser arrived with. An attacker who planted that id (a link, a shared computer, a sub-domain cookie) is signed in as the victim as soon as the victim logs in.",
    remediation:
      "Call `req.session.regenerate(err => { req.session.userId = user.id; … })` on login (and on any privilege change); passport 0.6+ does this in `req.login`.",
    example:
      'req.session.regenerate((err) => {\n  if (err) return next(err);\n  req.session.userId = user._id;\n  res.redirect("/dashboard");\n});',
    references: ["https://owasp.org/www-community/attacks/Session_fixation"],
  },
});
