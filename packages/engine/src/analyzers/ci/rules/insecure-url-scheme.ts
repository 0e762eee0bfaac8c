import { defineFileRule } from "../../../rule.ts";
import { isJudgeable } from "../commands.ts";
import { allSteps, type WorkflowModel } from "../model.ts";

/** Commands that fetch code or data from a URL given on their line. */
const FETCHES =
  /\b(?:curl|wget|aria2c|git|pip3?|npm|yarn|pnpm|gem|bundle|go|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|apt-key|svn|helm|docker\s+pull)\b|--(?:index-url|extra-index-url|registry|source)\b/i;

const URL = /\b(http|git|ftp):\/\/([^\s/"'`:@]+@)?([^\s/"'`:]+)/gi;

/** Hosts that never leave the runner or the job's network: loopback, private ranges, service names. */
export function isLocalHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (!name.includes(".") || name.includes("$") || name.includes("{")) return true;
  if (/^(?:localhost|host\.docker\.internal)$|\.(?:local|internal|localhost|test|example)$/.test(name))
    return true;
  if (/^(?:127\.|10\.|0\.0\.0\.0$|192\.168\.|169\.254\.|172\.(?:1[6-9]|2\d|3[01])\.)/.test(name)) return true;
  return /^(?:example\.(?:com|org|net))$/.test(name);
}

export const insecureUrlScheme = defineFileRule<WorkflowModel>({
  id: "ci/insecure-url-scheme",
  analyzer: "ci",
  title: "Script downloads over plain HTTP or git://",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319, 494],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `run:` script fetches from an `http://`, `git://` or `ftp://` URL (curl, wget, git, pip, npm, gem, PowerShell web cmdlets): a transport without encryption or server authentication.",
    whyItMatters:
      "Anyone on the network path (a compromised router, a hostile Wi-Fi on a self-hosted runner, DNS spoofing) can replace the download with their own code, which then runs in the job with its token and secrets.",
    remediation:
      "Use `https://` (or `ssh://` for git) and verify a checksum or signature of what you download. Loopback addresses, private networks and service-container names (`http://postgres:5432`) are not flagged.",
    example: "- run: curl -fsSLo tool.tgz https://example.com/tool.tgz && sha256sum -c tool.tgz.sha256",
    references: ["https://cwe.mitre.org/data/definitions/319.html"],
  },
  check(ctx) {
    for (const { step } of allSteps(ctx.model)) {
      for (const line of step.runLines) {
        if (/^\s*#/.test(line.text) || !isJudgeable(line.text) || !FETCHES.test(line.text)) continue;
        for (const match of line.text.matchAll(URL)) {
          if (isLocalHost(match[3]!)) continue;
          ctx.report({
            message: `${match[1]!.toLowerCase()}:// download from ${match[3]} can be tampered with in transit`,
            at: { line: line.line, column: line.column + match.index! },
          });
          break;
        }
      }
    }
  },
});
