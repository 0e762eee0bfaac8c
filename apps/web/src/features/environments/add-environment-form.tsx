// Add Environment: a name (required, so the button stays disabled while it is blank) and a type
// that starts at dev (spec §5).
import type { EnvironmentType } from "@rampart/contracts/environments";
import { Plus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { OptionsSelect } from "../../components/options-select";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { useCreateEnvironment } from "./api/create-environment";
import { ENVIRONMENT_TYPE_LABELS } from "./environment-labels";

export function AddEnvironmentForm({
  tenantId,
  onCreated,
}: {
  tenantId: string;
  onCreated: (environmentId: string) => void;
}) {
  const create = useCreateEnvironment(tenantId);
  const [name, setName] = useState("");
  const [type, setType] = useState<EnvironmentType>("dev");
  const nameId = useId();
  const typeLabelId = useId();
  const blank = name.trim() === "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) return;
    create.mutate(
      { name: name.trim(), type },
      {
        onSuccess: (environment) => {
          setName("");
          setType("dev");
          onCreated(environment.id);
        },
      },
    );
  }

  return (
    <form
      aria-label="Add environment"
      onSubmit={submit}
      className="flex flex-col gap-3 md:flex-row md:items-end"
    >
      <div className="flex-1">
        <TextField id={nameId} label="Environment name" value={name} onChange={setName} maxLength={100} />
      </div>
      <div className="flex flex-col gap-2 md:w-44">
        <Label id={typeLabelId}>Environment type</Label>
        <OptionsSelect
          labelId={typeLabelId}
          labels={ENVIRONMENT_TYPE_LABELS}
          value={type}
          onChange={setType}
        />
      </div>
      <Button type="submit" disabled={blank || create.isPending}>
        <Plus aria-hidden="true" />
        {create.isPending ? "Adding..." : "Add Environment"}
      </Button>
    </form>
  );
}
