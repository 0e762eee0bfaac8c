// Finding families for the heatmap and risks: which kind of hazard an analyzer's findings are.
const FAMILY_BY_ANALYZER: Record<string, string> = {
  terraform: "IaC",
  cloudformation: "IaC",
  kubernetes: "Kubernetes",
  dockerfile: "Container",
  container: "Container",
  ci: "Pipeline",
  secrets: "Secrets",
  sca: "SCA",
  sast: "SAST",
};

export function familyOf(analyzer: string): string {
  return FAMILY_BY_ANALYZER[analyzer] ?? "Other";
}

/** Controls whose failures face the internet or hand out credentials: they raise a risk's exposure. */
const EXPOSED_CONTROL_PREFIXES = ["IAC-NET-", "SEC-", "CI-INJ-", "CI-TRIG-", "SAST-INJ-", "SAST-XSS-"];

export function isInternetFacing(controlCodes: readonly string[]): boolean {
  return controlCodes.some((code) => EXPOSED_CONTROL_PREFIXES.some((prefix) => code.startsWith(prefix)));
}
