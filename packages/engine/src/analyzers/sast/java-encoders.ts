// Java: ESAPI's `Encoder` kept in a variable, a field or a parameter. The sanitizers name ESAPI's
// encoders written out (`ESAPI.encoder().encodeForHTML`); a call on a stored encoder
// (`encoder.encodeForHTML(x)`, `this.encoder.encodeForSQL(codec, x)`) is read as that call, so the
// same encoders sanitize the same hazards however the encoder reached the code.
import type { SastModel } from "./model.ts";

/** `org.owasp.esapi.Encoder` (or the whole package) imported: a bare `Encoder` is ESAPI's. */
const ESAPI_ENCODER_IMPORT = /^[ \t]*import[ \t]+org\.owasp\.esapi\.(?:Encoder|\*)[ \t]*;/m;
/** `Encoder name` declared (a field, a local or a parameter), qualified or not: group 1, group 2. */
const ENCODER_DECLARATION = /(?<![\w$.])(org\.owasp\.esapi\.)?Encoder\s+([A-Za-z_$][\w$]*)\s*[=;,)]/g;
/** `name = ESAPI.encoder()` (or the reference implementation's singleton), whatever name's type. */
const ENCODER_ASSIGNMENT =
  /(?<![\w$])(?:this\.)?([A-Za-z_$][\w$]*)\s*=\s*(?:org\.owasp\.esapi\.)?(?:ESAPI\.encoder|(?:reference\.)?DefaultEncoder\.getInstance)\(\s*\)/g;
/** A call of an encoder method on a name or a field of `this`. */
const ENCODER_CALL = /^(?:this\.)?([A-Za-z_$][\w$]*)\.(encodeFor\w+)$/;

/**
 * The names in the file that hold an ESAPI encoder. Names, not scopes: a file that keeps an ESAPI
 * encoder under a name rarely uses the same name for another object with `encodeFor…` methods.
 */
function esapiEncoderNames(model: SastModel): ReadonlySet<string> {
  const cached = model.cache.get("esapiEncoderNames") as Set<string> | undefined;
  if (cached) return cached;
  const text = model.file.text;
  const names = new Set<string>();
  if (text.includes("esapi")) {
    const bareIsEsapi = ESAPI_ENCODER_IMPORT.test(text);
    for (const [, qualified, name] of text.matchAll(ENCODER_DECLARATION))
      if (qualified || bareIsEsapi) names.add(name!);
    for (const [, name] of text.matchAll(ENCODER_ASSIGNMENT)) names.add(name!);
  }
  model.cache.set("esapiEncoderNames", names);
  return names;
}

/** The callee as the sanitizers name it: `encoder.encodeForHTML` → `ESAPI.encoder().encodeForHTML`. */
export function sanitizerCallee(model: SastModel, callee: string): string {
  if (model.language !== "java" || !callee.includes(".encodeFor")) return callee;
  const match = ENCODER_CALL.exec(callee);
  if (!match || !esapiEncoderNames(model).has(match[1]!)) return callee;
  return `ESAPI.encoder().${match[2]}`;
}
