// The sources dialog's data: which fields each kind of observed source and credential has (a
// catalogue, so a new backend is one entry), the form's state, and its conversion into the
// contract's PUT body, validated by the same zod schema the server uses.
import {
  type Environment,
  type ObservedSourceKind,
  PutEnvironmentSourcesBody,
} from "@rampart/contracts/environments";

export interface SourceField {
  name: string;
  label: string;
  optional?: boolean;
  placeholder?: string;
  /** Several values, one per line or separated by commas. */
  list?: boolean;
  /** A long value (a JSON key, a kubeconfig): a text area. */
  multiline?: boolean;
}

export type CredentialKind =
  | "password"
  | "accessKey"
  | "serviceAccount"
  | "sasToken"
  | "accountKey"
  | "token"
  | "kubeconfig";

export const CREDENTIAL_KINDS: Record<CredentialKind, { label: string; fields: SourceField[] }> = {
  password: { label: "Password", fields: [{ name: "password", label: "Password" }] },
  accessKey: {
    label: "Access key",
    fields: [
      { name: "accessKeyId", label: "Access key ID" },
      { name: "secretAccessKey", label: "Secret access key" },
    ],
  },
  serviceAccount: {
    label: "Service account key",
    fields: [{ name: "serviceAccountJson", label: "Service account JSON key", multiline: true }],
  },
  sasToken: { label: "SAS token", fields: [{ name: "sasToken", label: "SAS token" }] },
  accountKey: { label: "Account key", fields: [{ name: "accountKey", label: "Account key" }] },
  token: { label: "Service account token", fields: [{ name: "token", label: "Bearer token" }] },
  kubeconfig: {
    label: "Kubeconfig",
    fields: [{ name: "kubeconfig", label: "Kubeconfig", multiline: true }],
  },
};

export interface ObservedKindEntry {
  label: string;
  /** The cloud provider it belongs to, for the Data Sources tab's Configure buttons. */
  provider: "aws" | "gcp" | "azure" | null;
  fields: SourceField[];
  credentials: CredentialKind[];
}

export const OBSERVED_KINDS: Record<ObservedSourceKind, ObservedKindEntry> = {
  "terraform-upload": {
    label: "Terraform state file (uploaded)",
    provider: null,
    fields: [],
    credentials: [],
  },
  "terraform-http": {
    label: "Terraform HTTP backend",
    provider: null,
    fields: [
      { name: "address", label: "State address", placeholder: "https://state.example.com/prod" },
      { name: "username", label: "Username", optional: true },
    ],
    credentials: ["password"],
  },
  "terraform-s3": {
    label: "Terraform state in Amazon S3",
    provider: "aws",
    fields: [
      { name: "bucket", label: "Bucket" },
      { name: "key", label: "Key", placeholder: "prod/terraform.tfstate" },
      { name: "region", label: "Region", placeholder: "eu-west-1" },
      { name: "endpoint", label: "S3-compatible endpoint", optional: true },
    ],
    credentials: ["accessKey"],
  },
  "terraform-gcs": {
    label: "Terraform state in Google Cloud Storage",
    provider: "gcp",
    fields: [
      { name: "bucket", label: "Bucket" },
      { name: "object", label: "Object", placeholder: "terraform/state/default.tfstate" },
    ],
    credentials: ["serviceAccount"],
  },
  "terraform-azure": {
    label: "Terraform state in Azure Blob Storage",
    provider: "azure",
    fields: [
      { name: "accountUrl", label: "Account URL", placeholder: "https://account.blob.core.windows.net" },
      { name: "container", label: "Container" },
      { name: "blob", label: "Blob", placeholder: "prod.terraform.tfstate" },
    ],
    credentials: ["sasToken", "accountKey"],
  },
  kubernetes: {
    label: "Kubernetes cluster",
    provider: null,
    fields: [
      { name: "server", label: "API server URL", optional: true, placeholder: "From the kubeconfig" },
      {
        name: "namespaces",
        label: "Namespaces",
        list: true,
        optional: true,
        placeholder: "default, payments",
      },
    ],
    credentials: ["token", "kubeconfig"],
  },
};

/** "keep": leave the stored credential; "none": no credential (or remove the stored one). */
export type CredentialChoice = CredentialKind | "keep" | "none";

export interface SourceFormState {
  declaredEnabled: boolean;
  repositoryId: string;
  declaredKind: "terraform" | "kubernetes";
  path: string;
  varFiles: string;
  workspace: string;
  observedKind: ObservedSourceKind | "none";
  observed: Record<string, string>;
  credentialChoice: CredentialChoice;
  credential: Record<string, string>;
  syncSchedule: string;
}

function splitList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The credential choice a kind starts with: the stored one if it is still that kind's, else its first. */
export function defaultCredentialChoice(
  environment: Pick<Environment, "hasCredential" | "observed">,
  kind: ObservedSourceKind | "none",
): CredentialChoice {
  if (kind === "none") return "none";
  if (environment.hasCredential && environment.observed?.kind === kind) return "keep";
  return OBSERVED_KINDS[kind].credentials[0] ?? "none";
}

/** The form as it opens for an environment, optionally preset to an observed kind or repository. */
export function initialSourceForm(
  environment: Environment,
  preset: { observedKind?: ObservedSourceKind; repositoryId?: string } = {},
): SourceFormState {
  const declared = environment.declared;
  const observedKind = preset.observedKind ?? environment.observed?.kind ?? "none";
  const stored = environment.observed?.kind === observedKind ? environment.observed : null;
  const observed: Record<string, string> = {};
  if (stored) {
    for (const [name, value] of Object.entries(stored)) {
      if (name === "kind") continue;
      observed[name] = Array.isArray(value) ? value.join(", ") : String(value ?? "");
    }
  }
  return {
    declaredEnabled: declared !== null || preset.repositoryId !== undefined,
    repositoryId: preset.repositoryId ?? declared?.repositoryId ?? "",
    declaredKind: declared?.kind ?? "terraform",
    path: declared?.path ?? "",
    varFiles: declared?.varFiles.join("\n") ?? "",
    workspace: declared?.workspace ?? "default",
    observedKind,
    observed,
    credentialChoice: defaultCredentialChoice(environment, observedKind),
    credential: {},
    syncSchedule: environment.syncSchedule ?? "",
  };
}

export type SourceFormResult =
  | { ok: true; body: PutEnvironmentSourcesBody }
  | { ok: false; errors: Record<string, string> };

function observedBody(form: SourceFormState): Record<string, unknown> | null {
  if (form.observedKind === "none") return null;
  const body: Record<string, unknown> = { kind: form.observedKind };
  for (const field of OBSERVED_KINDS[form.observedKind].fields) {
    const value = (form.observed[field.name] ?? "").trim();
    if (field.list) body[field.name] = splitList(value);
    else if (value || !field.optional) body[field.name] = value;
  }
  return body;
}

function credentialBody(form: SourceFormState): Record<string, string> | null | undefined {
  if (form.credentialChoice === "keep") return undefined;
  if (form.credentialChoice === "none") return null;
  return Object.fromEntries(
    CREDENTIAL_KINDS[form.credentialChoice].fields.map((field) => [
      field.name,
      form.credential[field.name] ?? "",
    ]),
  );
}

/**
 * The PUT body, or the problems keyed by field (`declared.path`, `observed.bucket`,
 * `credential.password`, `syncSchedule`): the contract's schema decides, as on the server.
 */
export function sourceFormBody(form: SourceFormState): SourceFormResult {
  const candidate = {
    declared: form.declaredEnabled
      ? {
          repositoryId: form.repositoryId,
          path: form.path.trim(),
          kind: form.declaredKind,
          ...(form.declaredKind === "terraform"
            ? { varFiles: splitList(form.varFiles), workspace: form.workspace.trim() || "default" }
            : {}),
        }
      : null,
    observed: observedBody(form),
    ...(form.credentialChoice === "keep" ? {} : { credential: credentialBody(form) }),
    syncSchedule: form.syncSchedule.trim() || null,
  };
  const parsed = PutEnvironmentSourcesBody.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    // A credential's union reports at `credential`; name the choice's first field instead.
    let key = issue.path.map(String).join(".");
    if (key === "credential" && form.credentialChoice !== "keep" && form.credentialChoice !== "none") {
      const missing = CREDENTIAL_KINDS[form.credentialChoice].fields.find(
        (field) => !(form.credential[field.name] ?? "").trim(),
      );
      key = `credential.${missing?.name ?? CREDENTIAL_KINDS[form.credentialChoice].fields[0]!.name}`;
    }
    if (key === "declared.repositoryId") errors[key] ??= "Choose a repository";
    else errors[key] ??= issueMessage(issue.code, issue.message);
  }
  return { ok: false, errors };
}

function issueMessage(code: string, message: string): string {
  if (code === "invalid_format") return "Enter a valid URL";
  if (code === "too_small") return "Required";
  return message;
}
