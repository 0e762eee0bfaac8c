// The header every signed-in page shares: title, subtitle, live/demo switch, optional time range
// and the Export Evidence button.
import { FileDown } from "lucide-react";
import { useId } from "react";
import { useLocation } from "wouter";
import { useAppMode } from "../session/app-mode";
import { Button } from "./ui/button";
import { Label } from "./ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select";
import { Switch } from "./ui/switch";

export const TIME_RANGE_OPTIONS = [7, 30, 90] as const;
export type TimeRangeDays = (typeof TIME_RANGE_OPTIONS)[number];
export const DEFAULT_TIME_RANGE: TimeRangeDays = 7;

const TIME_RANGE_LABELS: Record<TimeRangeDays, string> = {
  7: "Last 7 days",
  30: "Last 30 days",
  90: "Last 90 days",
};

export function timeRangeLabel(days: TimeRangeDays): string {
  return TIME_RANGE_LABELS[days];
}

function parseTimeRange(value: string): TimeRangeDays {
  return TIME_RANGE_OPTIONS.find((days) => String(days) === value) ?? DEFAULT_TIME_RANGE;
}

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** Shows the time-range selector when given together with onTimeRangeChange. */
  timeRange?: TimeRangeDays;
  onTimeRangeChange?: (days: TimeRangeDays) => void;
  showExport?: boolean;
}

export function PageHeader({
  title,
  subtitle,
  timeRange,
  onTimeRangeChange,
  showExport = true,
}: PageHeaderProps) {
  const [mode, setMode] = useAppMode();
  const [, navigate] = useLocation();
  const switchId = useId();
  return (
    <header className="flex flex-col gap-4 border-b border-border pb-6 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex h-9 items-center gap-2 rounded-md border border-border bg-surface px-3">
          <Switch
            id={switchId}
            checked={mode === "demo"}
            onCheckedChange={(checked) => setMode(checked ? "demo" : "live")}
          />
          <Label htmlFor={switchId} className="cursor-pointer">
            Demo mode
          </Label>
        </div>
        {onTimeRangeChange ? (
          <Select
            value={String(timeRange ?? DEFAULT_TIME_RANGE)}
            onValueChange={(value) => onTimeRangeChange(parseTimeRange(value))}
          >
            <SelectTrigger aria-label="Time range" className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIME_RANGE_OPTIONS.map((days) => (
                <SelectItem key={days} value={String(days)}>
                  {timeRangeLabel(days)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : null}
        {showExport ? (
          // The spec calls it a button; until the export form exists it opens the Evidence page.
          <Button variant="outline" onClick={() => navigate("/evidence")}>
            <FileDown aria-hidden="true" />
            Export Evidence
          </Button>
        ) : null}
      </div>
    </header>
  );
}
