// A labelled native select for the compliance forms: plain options, keyboard and form friendly.
import { type ComponentProps, useId } from "react";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/cn";

export function NativeSelect<V extends string>({
  label,
  value,
  onChange,
  options,
  className,
  ...select
}: Omit<ComponentProps<"select">, "value" | "onChange"> & {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
}) {
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className="h-9 rounded-md border border-input bg-transparent px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
