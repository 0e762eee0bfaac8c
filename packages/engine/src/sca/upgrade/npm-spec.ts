// The new range for an npm dependency declared in package.json, in the style it was written:
// `^1.2.3` → `^<fixed>`, `~1.2.3` → `~<fixed>`, an exact `1.2.3` stays exact, `npm:` aliases keep
// their real name. Git, file, link and URL specs are not registry versions and are refused.
import semver from "semver";

export type SpecRewrite = { spec: string; note?: string } | { problem: string };

const SIMPLE = /^(\^|~|>=|=|v)?(\s*)(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?)$/;

export function rewriteNpmSpec(name: string, spec: string, fixed: string): SpecRewrite {
  const alias = /^npm:((?:@[^/@]+\/)?[^@]+)@(.*)$/.exec(spec);
  if (alias) {
    const inner = rewriteNpmSpec(name, alias[2]!, fixed);
    return "problem" in inner ? inner : { ...inner, spec: `npm:${alias[1]}@${inner.spec}` };
  }
  const trimmed = spec.trim();
  if (
    /^(file:|link:|git\+|git:|github:|gitlab:|bitbucket:|https?:|workspace:|portal:)/.test(trimmed) ||
    /^[\w.-]+\/[\w.-]+(#.*)?$/.test(trimmed)
  )
    return { problem: `${name} is declared as "${spec}", not a registry version; upgrade it by hand` };
  const simple = SIMPLE.exec(trimmed);
  if (simple) {
    const [, operator = "", gap, version] = simple;
    if (semver.gte(version!, fixed)) return { spec };
    return { spec: `${operator}${gap}${fixed}` };
  }
  if (semver.validRange(trimmed) === null)
    return {
      spec,
      note: `${name} is declared as "${spec}" (a dist-tag or unreadable range) and was left as written.`,
    };
  if (semver.satisfies(fixed, trimmed))
    return {
      spec,
      note: `${name}'s range "${spec}" already admits ${fixed} and was left as written; the lockfile pins ${fixed}.`,
    };
  return {
    spec: `^${fixed}`,
    note: `${name}'s range "${spec}" does not admit ${fixed}; it was replaced by "^${fixed}".`,
  };
}
