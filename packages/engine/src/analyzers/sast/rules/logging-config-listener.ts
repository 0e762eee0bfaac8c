import { definePatternRule } from "../pattern-rule.ts";

export const loggingConfigListener = definePatternRule({
  hazard: "logging-config-listener",
  category: "security",
  title: "Logging configuration accepted from the network",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [94],
  controls: ["SAST-INJ-03"],
  fixable: false,
  docs: {
    summary:
      "`logging.config.listen()` starts a socket server that applies logging configuration received from the network.",
    whyItMatters:
      "Configuration can name handler classes and arguments: whoever can connect to the port runs code in the process (and the default is to accept every sender).",
    remediation:
      "Load logging configuration from a file at start-up; if live reconfiguration is needed, pass a `verify` function that checks a signature.",
    example: 'logging.config.dictConfig(yaml.safe_load(open("logging.yaml")))',
  },
});
