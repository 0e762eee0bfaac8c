// A row of toggle buttons selecting one value (aria-pressed marks the current one).
import { cn } from "../lib/cn";
import { Button } from "./ui/button";

export function FilterButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  labels,
  className,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labels?: Partial<Record<T, string>>;
  className?: string;
}) {
  return (
    <fieldset className={cn("flex flex-wrap gap-1.5", className)}>
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={option === value ? "default" : "outline"}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {labels?.[option] ?? option}
        </Button>
      ))}
    </fieldset>
  );
}
