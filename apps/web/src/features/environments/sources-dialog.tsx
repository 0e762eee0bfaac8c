// Configure Sources: where an environment's declared state (a folder of a registered repository)
// and observed state (a Terraform state or a cluster) come from, the credential to read the latter
// (write-only: it is never shown again, so the form offers to keep it), and a sync schedule. The
// server checks the source with the credential on save; its reason shows in the dialog.
import type { Environment, ObservedSourceKind } from "@rampart/contracts/environments";
import type { Repository } from "@rampart/contracts/repositories";
import { type FormEvent, useId, useState } from "react";
import { OptionsSelect } from "../../components/options-select";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { useUpdateEnvironmentSources } from "./api/update-environment-sources";
import { environmentErrorMessage } from "./environment-errors";
import {
  CREDENTIAL_KINDS,
  type CredentialChoice,
  defaultCredentialChoice,
  initialSourceForm,
  OBSERVED_KINDS,
  type SourceField,
  type SourceFormState,
  sourceFormBody,
} from "./source-form";

export interface SourcesPreset {
  observedKind?: ObservedSourceKind;
  repositoryId?: string;
}

const DECLARED_KIND_LABELS = {
  terraform: "Terraform root module",
  kubernetes: "Kubernetes manifests or Kustomize overlay",
};

function FormField({
  id,
  field,
  value,
  onChange,
  error,
  secret = false,
}: {
  id: string;
  field: SourceField;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  secret?: boolean;
}) {
  const label = field.optional ? `${field.label} (optional)` : field.label;
  if (field.multiline) {
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Textarea
          id={id}
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          className="font-mono text-xs"
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="off"
      {...(secret ? { type: "password" } : {})}
      {...(field.placeholder ? { placeholder: field.placeholder } : {})}
    />
  );
}

function SourcesForm({
  tenantId,
  environment,
  repositories,
  preset,
  onDone,
}: {
  tenantId: string;
  environment: Environment;
  repositories: Repository[];
  preset: SourcesPreset;
  onDone: () => void;
}) {
  const save = useUpdateEnvironmentSources(tenantId, environment.id);
  const [form, setForm] = useState<SourceFormState>(() => initialSourceForm(environment, preset));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const baseId = useId();
  const idOf = (key: string) => `${baseId}-${key.replaceAll(".", "-")}`;
  const update = (patch: Partial<SourceFormState>) => setForm((current) => ({ ...current, ...patch }));

  const repositoryLabels = Object.fromEntries(
    repositories.map((repository) => [repository.id, repository.name]),
  );
  const observedLabels = {
    none: "None",
    ...Object.fromEntries(Object.entries(OBSERVED_KINDS).map(([kind, entry]) => [kind, entry.label])),
  } as Record<ObservedSourceKind | "none", string>;
  const observedEntry = form.observedKind === "none" ? null : OBSERVED_KINDS[form.observedKind];
  const credentialLabels: Partial<Record<CredentialChoice, string>> = {};
  if (
    form.observedKind !== "none" &&
    environment.hasCredential &&
    environment.observed?.kind === form.observedKind
  )
    credentialLabels.keep = "Keep the stored credential";
  for (const kind of observedEntry?.credentials ?? []) credentialLabels[kind] = CREDENTIAL_KINDS[kind].label;
  if (observedEntry && observedEntry.credentials.length > 0) credentialLabels.none = "No credential";
  const credentialFields =
    form.credentialChoice === "keep" || form.credentialChoice === "none"
      ? []
      : CREDENTIAL_KINDS[form.credentialChoice].fields;

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = sourceFormBody(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.body, { onSuccess: onDone });
  }

  return (
    <form aria-label="Environment sources" onSubmit={submit} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">Declared state</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.declaredEnabled}
            onChange={(event) => update({ declaredEnabled: event.target.checked })}
          />
          Read the declared state from a repository
        </label>
        {form.declaredEnabled ? (
          repositories.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No repository is registered yet: add one under Policy Runs first.
            </p>
          ) : (
            <>
              <div className="flex flex-col gap-2">
                <Label id={idOf("declared.repositoryId")}>Repository</Label>
                <OptionsSelect
                  labelId={idOf("declared.repositoryId")}
                  labels={repositoryLabels}
                  value={form.repositoryId}
                  onChange={(repositoryId) => update({ repositoryId })}
                  placeholder="Choose a repository"
                />
                {errors["declared.repositoryId"] ? (
                  <p className="text-sm text-danger">{errors["declared.repositoryId"]}</p>
                ) : null}
              </div>
              <div className="flex flex-col gap-2">
                <Label id={idOf("declared.kind")}>Declared as</Label>
                <OptionsSelect
                  labelId={idOf("declared.kind")}
                  labels={DECLARED_KIND_LABELS}
                  value={form.declaredKind}
                  onChange={(declaredKind) => update({ declaredKind })}
                />
              </div>
              <TextField
                id={idOf("declared.path")}
                label="Folder in the repository"
                placeholder="infra/prod"
                value={form.path}
                onChange={(path) => update({ path })}
                error={errors["declared.path"]}
              />
              {form.declaredKind === "terraform" ? (
                <>
                  <FormField
                    id={idOf("declared.varFiles")}
                    field={{
                      name: "varFiles",
                      label: "Variable files, one per line",
                      optional: true,
                      multiline: true,
                    }}
                    value={form.varFiles}
                    onChange={(varFiles) => update({ varFiles })}
                    error={errors["declared.varFiles"] ?? errors["declared.varFiles.0"]}
                  />
                  <TextField
                    id={idOf("declared.workspace")}
                    label="Workspace"
                    value={form.workspace}
                    onChange={(workspace) => update({ workspace })}
                    error={errors["declared.workspace"]}
                  />
                </>
              ) : null}
            </>
          )
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">Observed state</legend>
        <div className="flex flex-col gap-2">
          <Label id={idOf("observed.kind")}>Read from</Label>
          <OptionsSelect
            labelId={idOf("observed.kind")}
            labels={observedLabels}
            value={form.observedKind}
            onChange={(observedKind) =>
              update({
                observedKind,
                observed: {},
                credential: {},
                credentialChoice: defaultCredentialChoice(environment, observedKind),
              })
            }
          />
        </div>
        {form.observedKind === "terraform-upload" ? (
          <p className="text-sm text-muted-foreground">
            Save, then upload the state file (version 4 JSON) from the environment's page.
          </p>
        ) : null}
        {observedEntry?.fields.map((field) => (
          <FormField
            key={field.name}
            id={idOf(`observed.${field.name}`)}
            field={field}
            value={form.observed[field.name] ?? ""}
            onChange={(value) => update({ observed: { ...form.observed, [field.name]: value } })}
            error={errors[`observed.${field.name}`] ?? errors[`observed.${field.name}.0`]}
          />
        ))}
        {Object.keys(credentialLabels).length > 0 ? (
          <div className="flex flex-col gap-2">
            <Label id={idOf("credential.choice")}>Credential</Label>
            <OptionsSelect
              labelId={idOf("credential.choice")}
              labels={credentialLabels as Record<CredentialChoice, string>}
              value={form.credentialChoice}
              onChange={(credentialChoice) => update({ credentialChoice, credential: {} })}
            />
          </div>
        ) : null}
        {credentialFields.map((field) => (
          <FormField
            key={field.name}
            id={idOf(`credential.${field.name}`)}
            field={field}
            secret
            value={form.credential[field.name] ?? ""}
            onChange={(value) => update({ credential: { ...form.credential, [field.name]: value } })}
            error={errors[`credential.${field.name}`]}
          />
        ))}
      </fieldset>

      <TextField
        id={idOf("syncSchedule")}
        label="Sync schedule (cron, optional)"
        placeholder="0 * * * *"
        value={form.syncSchedule}
        onChange={(syncSchedule) => update({ syncSchedule })}
        error={errors.syncSchedule}
      />

      {save.isError ? (
        <p role="alert" className="text-sm text-danger">
          {environmentErrorMessage(save.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Checking..." : "Save Sources"}
        </Button>
      </DialogFooter>
    </form>
  );
}

export function SourcesDialog({
  tenantId,
  environment,
  repositories,
  preset,
  open,
  onClose,
}: {
  tenantId: string;
  environment: Environment;
  repositories: Repository[];
  preset: SourcesPreset;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Sources of {environment.name}</DialogTitle>
          <DialogDescription>
            Drift is the difference between what the code declares and what runs. Credentials are stored
            encrypted and never shown again.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted per opening so that the form starts from the environment as it is now. */}
        {open ? (
          <SourcesForm
            tenantId={tenantId}
            environment={environment}
            repositories={repositories}
            preset={preset}
            onDone={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
