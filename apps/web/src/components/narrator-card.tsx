// The narrator's summary: a sentence, an optional confidence and an optional trend arrow
// (up green, down red, stable cyan; spec part 1, Narrative summary card).
import { ArrowDownRight, ArrowRight, ArrowUpRight, Sparkles } from "lucide-react";
import { cn } from "../lib/cn";
import { Card, CardContent } from "./ui/card";

export type Trend = "up" | "down" | "stable";

const TREND_ICON = { up: ArrowUpRight, down: ArrowDownRight, stable: ArrowRight } as const;
const TREND_CLASS = { up: "text-success", down: "text-danger", stable: "text-primary" } as const;
const TREND_LABEL = { up: "Trend: up", down: "Trend: down", stable: "Trend: stable" } as const;

/** Colours of the confidence figure at 80, 60 and 40 (spec part 2, §9). */
function confidenceClass(confidence: number): string {
  if (confidence >= 80) return "text-success";
  if (confidence >= 60) return "text-primary";
  if (confidence >= 40) return "text-warning";
  return "text-danger";
}

export function NarratorCard({
  title = "Summary",
  text,
  confidence,
  trend,
  writtenBy = null,
}: {
  title?: string;
  text: string;
  confidence?: number | null;
  trend?: Trend | null;
  /** The language model that wrote the sentence; null for templates (nothing is shown). */
  writtenBy?: string | null;
}) {
  const TrendIcon = trend ? TREND_ICON[trend] : null;
  return (
    <Card>
      <CardContent className="flex items-start gap-4 pt-5">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <section aria-label={title} className="min-w-0 flex-1">
          <h2 className="sr-only">{title}</h2>
          <p className="text-sm leading-relaxed">{text}</p>
          {writtenBy ? <p className="mt-1 text-xs text-muted-foreground">Written by {writtenBy}</p> : null}
        </section>
        <div className="flex shrink-0 items-center gap-3 text-sm">
          {confidence !== null && confidence !== undefined ? (
            <span className="text-muted-foreground">
              Confidence{" "}
              <span className={cn("font-semibold", confidenceClass(confidence))}>
                {Math.round(confidence)}%
              </span>
            </span>
          ) : null}
          {trend && TrendIcon ? (
            <span role="img" aria-label={TREND_LABEL[trend]} className={TREND_CLASS[trend]}>
              <TrendIcon className="size-5" aria-hidden="true" />
            </span>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
