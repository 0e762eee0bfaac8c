// node:util parseArgs with our error style: an unknown or malformed option is a UsageError.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { isSeverity, type Severity } from "@rampart/engine/rule";
import { UsageError } from "./io.ts";

export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(
  args: readonly string[],
  options: T,
) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function oneOf<V extends string>(
  name: string,
  value: string | undefined,
  allowed: readonly V[],
  fallback: V,
): V {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as V;
  throw new UsageError(`--${name} must be one of ${allowed.join(", ")}; got "${value}"`);
}

export function severityOption(name: string, value: string | undefined): Severity | undefined {
  if (value === undefined) return undefined;
  if (!isSeverity(value))
    throw new UsageError(`--${name} must be one of critical, high, med, low; got "${value}"`);
  return value;
}

export function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new UsageError(`--${name} must be a whole number; got "${value}"`);
  return number;
}
