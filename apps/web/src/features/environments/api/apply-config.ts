// Share configuration (POST /api/env/apply-config): for each target, a fix pull request that brings
// the chosen keys to the source's values. Never a silent write; the answer says per target what
// was proposed or why nothing could be.
import type { ApplyConfigBody, ApplyConfigResponse } from "@rampart/contracts/environments";
import { plural } from "@rampart/contracts/words";
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { environmentErrorMessage } from "../environment-errors";

export function applyConfig(body: ApplyConfigBody) {
  return apiSend<ApplyConfigResponse>("POST", "/api/env/apply-config", body);
}

export function useApplyConfig() {
  return useMutation({
    mutationFn: applyConfig,
    onSuccess: (response) => {
      const proposed = response.results.filter((result) => result.status === "proposed").length;
      toast({
        title: "Configuration Applied",
        description: `${plural(proposed, "pull request")} proposed for ${plural(response.results.length, "target")}.`,
      });
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Apply Failed", description: environmentErrorMessage(error) }),
  });
}
