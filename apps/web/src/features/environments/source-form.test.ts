import type { Environment } from "@rampart/contracts/environments";
import { describe, expect, it } from "vitest";
import { initialSourceForm, OBSERVED_KINDS, sourceFormBody } from "./source-form";

const REPOSITORY = "77777777-7777-4777-8777-777777777777";

function environment(overrides: Partial<Environment> = {}): Environment {
  return {
    id: "88888888-8888-4888-8888-888888888888",
    name: "prod",
    type: "prod",
    declared: null,
    observed: null,
    hasCredential: false,
    syncSchedule: null,
    driftState: "unknown",
    driftStats: null,
    lastSyncedAt: null,
    lastSyncError: null,
    createdAt: "2025-03-04T10:00:00.000Z",
    ...overrides,
  };
}

describe("sourceFormBody", () => {
  it("builds the contract's body for a Terraform module read from S3 with an access key", () => {
    const form = {
      ...initialSourceForm(environment(), { observedKind: "terraform-s3", repositoryId: REPOSITORY }),
      path: " infra/prod ",
      varFiles: "prod.tfvars\n, common.tfvars",
      observed: { bucket: "acme-state", key: "prod/terraform.tfstate", region: "eu-west-1", endpoint: "" },
      credential: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
      syncSchedule: " 0 * * * * ",
    };
    expect(form.credentialChoice).toBe("accessKey");
    expect(sourceFormBody(form)).toEqual({
      ok: true,
      body: {
        declared: {
          repositoryId: REPOSITORY,
          path: "infra/prod",
          kind: "terraform",
          varFiles: ["prod.tfvars", "common.tfvars"],
          workspace: "default",
        },
        observed: {
          kind: "terraform-s3",
          bucket: "acme-state",
          key: "prod/terraform.tfstate",
          region: "eu-west-1",
        },
        credential: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "secret" },
        syncSchedule: "0 * * * *",
      },
    });
  });

  it("keeps a stored credential of the same kind by leaving it out, and removes it on 'none'", () => {
    const stored = environment({
      observed: {
        kind: "kubernetes",
        server: "https://k8s.example.com",
        namespaces: ["default", "payments"],
      },
      hasCredential: true,
    });
    const form = initialSourceForm(stored);
    expect(form.credentialChoice).toBe("keep");
    expect(form.observed).toEqual({ server: "https://k8s.example.com", namespaces: "default, payments" });
    const kept = sourceFormBody(form);
    expect(kept.ok && kept.body).toEqual({
      declared: null,
      observed: {
        kind: "kubernetes",
        server: "https://k8s.example.com",
        namespaces: ["default", "payments"],
      },
      syncSchedule: null,
    });
    expect(kept.ok && "credential" in kept.body).toBe(false);
    const removed = sourceFormBody({ ...form, credentialChoice: "none" });
    expect(removed.ok && removed.body.credential).toBeNull();
    // Another kind never offers to keep a credential made for the first.
    expect(initialSourceForm(stored, { observedKind: "terraform-http" }).credentialChoice).toBe("password");
  });

  it("names the fields that are wrong instead of sending them", () => {
    const form = {
      ...initialSourceForm(environment(), { observedKind: "terraform-http" }),
      declaredEnabled: true,
      observed: { address: "not a url" },
      credential: { password: "" },
    };
    const result = sourceFormBody(form);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toEqual({
      "declared.repositoryId": "Choose a repository",
      "observed.address": "Enter a valid URL",
      "credential.password": expect.any(String),
    });
  });

  it("has a provider for each cloud the Data Sources tab lists", () => {
    const providers = Object.values(OBSERVED_KINDS).map((kind) => kind.provider);
    expect(providers.filter(Boolean).sort()).toEqual(["aws", "azure", "gcp"]);
  });
});
