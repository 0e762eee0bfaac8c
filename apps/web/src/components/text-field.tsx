// A labelled text input with an optional error under it: the fields of the sign-in, registration
// and onboarding forms.
import type { ComponentProps } from "react";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface TextFieldProps extends Omit<ComponentProps<"input">, "id" | "value" | "onChange"> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown under the input and announced with it; marks the input invalid. */
  error?: string | undefined;
}

export function TextField({ id, label, value, onChange, error, ...input }: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
