// Where GitHub answers: the REST API (GITHUB_URL) and the website beside it, whose address the
// browser is sent to (installation, App creation) and that git clones from.

/**
 * The website of an API base: `https://api.github.com` → `https://github.com`; GitHub Enterprise
 * Server's `https://ghe.example.com/api/v3` → `https://ghe.example.com`. Any other base (a test's
 * fake GitHub) serves both from one address.
 */
export function webUrlOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (url.hostname.startsWith("api.") && path === "") {
    url.hostname = url.hostname.slice("api.".length);
    return url.origin;
  }
  if (path.endsWith("/api/v3")) return `${url.origin}${path.slice(0, -"/api/v3".length)}`;
  return `${url.origin}${path}`;
}

/** `owner/name` as GitHub spells repository names: letters, digits, `.`, `_` and `-`. */
export const FULL_NAME = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;

/** The https clone URL of a repository on the website. */
export function cloneUrlOf(webUrl: string, fullName: string): string {
  if (!FULL_NAME.test(fullName)) throw new Error(`not a repository name: ${fullName}`);
  return `${webUrl}/${fullName}.git`;
}
