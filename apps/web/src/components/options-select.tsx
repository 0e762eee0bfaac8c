// A select over a fixed set of values, each shown by its label, named by the element `labelId`.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";

export function OptionsSelect<V extends string>({
  labelId,
  labels,
  value,
  onChange,
  placeholder,
}: {
  labelId: string;
  labels: Record<V, string>;
  value: V | "";
  onChange: (value: V) => void;
  placeholder?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <SelectTrigger aria-labelledby={labelId}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(labels) as V[]).map((option) => (
          <SelectItem key={option} value={option}>
            {labels[option]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
