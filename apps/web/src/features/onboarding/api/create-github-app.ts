// "Create GitHub App": the server fills in GitHub's App manifest (POST /api/github/app/manifest)
// and the browser posts it to GitHub's App creation page, which sends it back with a code.
import { useMutation } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api";
import { submitForm } from "../../../lib/browser";

export async function createGitHubApp(): Promise<void> {
  const form = await apiSend<{ action: string; manifest: string }>("POST", "/api/github/app/manifest", {});
  submitForm(form.action, { manifest: form.manifest });
}

export function useCreateGitHubApp() {
  return useMutation({ mutationFn: createGitHubApp });
}
