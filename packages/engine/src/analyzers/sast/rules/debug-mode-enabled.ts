import { definePatternRule } from "../pattern-rule.ts";

export const debugModeEnabled = definePatternRule({
  hazard: "debug-mode-enabled",
  category: "security",
  title: "Debug mode enabled in application code",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [489, 215],
  controls: ["SAST-CFG-01"],
  fixable: true,
  docs: {
    summary:
      'Flask is run with `debug=True` (or `app.debug = True`, `app.config["DEBUG"] = True`), or a Django settings module sets `DEBUG = True`. Test code is not reported. Go: importing `net/http/pprof`, which serves `/debug/pprof/` (heap, goroutines, profiles) on the default mux.',
    whyItMatters:
      "The Werkzeug debugger executes Python typed into the error page by anyone who can reach it; Django's debug pages reveal settings, SQL and source to visitors.",
    remediation:
      "Read the flag from the environment with a false default, and never enable it in deployed configuration.",
    example: 'DEBUG = os.environ.get("DJANGO_DEBUG") == "1"',
  },
});
