// SOC 2 Type I (at a date) or Type II (over a window): the switch and its date fields, shared by
// the Overview and the audit package.
import { useId } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { type AuditPeriod, type AuditView, periodProblem } from "./audit-period";

const VIEW_LABELS: Record<AuditView, string> = {
  type1: "Type I (at a date)",
  type2: "Type II (over a window)",
};
const VIEWS = ["type1", "type2"] as const;

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-40"
      />
    </div>
  );
}

export function PeriodPicker({
  period,
  onChange,
}: {
  period: AuditPeriod;
  onChange: (period: AuditPeriod) => void;
}) {
  const problem = periodProblem(period);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterButtons
        label="Report type"
        options={VIEWS}
        labels={VIEW_LABELS}
        value={period.view}
        onChange={(view) => onChange({ ...period, view })}
      />
      {period.view === "type1" ? (
        <DateField
          label="As of (empty: now)"
          value={period.at}
          onChange={(at) => onChange({ ...period, at })}
        />
      ) : (
        <>
          <DateField
            label="Window from"
            value={period.from}
            onChange={(from) => onChange({ ...period, from })}
          />
          <DateField label="Window to" value={period.to} onChange={(to) => onChange({ ...period, to })} />
        </>
      )}
      {problem ? <p className="text-xs text-muted-foreground">{problem}</p> : null}
    </div>
  );
}
