// Rampart's mark and word mark.
import { cn } from "../lib/cn";

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="7" fill="#0f2230" />
      <path
        d="M16 5l9 3.5v7.2c0 5.6-3.8 9.9-9 11.3-5.2-1.4-9-5.7-9-11.3V8.5L16 5z"
        fill="none"
        stroke="#22d3ee"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path
        d="M11.5 16l3 3 6-6.5"
        fill="none"
        stroke="#22d3ee"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <BrandMark />
      <span className="text-lg font-semibold tracking-tight text-foreground">Rampart</span>
    </span>
  );
}
