import { definePatternRule } from "../pattern-rule.ts";

export const rawSqlFragment = definePatternRule({
  hazard: "raw-sql-fragment",
  category: "security",
  title: "Django raw SQL fragment from a name or expression, to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [89],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Python, in files that mention Django): `QuerySet.extra(…)` whose `select`/`where`/`tables` are not inline string literals, and `RawSQL(…)` whose SQL is not an inline literal, where `sast/sql-injection` and `sast/dynamic-sql-query` (SQL built from a variable) do not report the line. Bound `params` may be anything; tests are not reported.",
    whyItMatters:
      "`extra()` and `RawSQL` put their text into the query verbatim. Text that comes from a module constant, a helper or formatting is one refactoring away from carrying outside data, and `extra()` is the API Django's documentation asks to avoid.",
    remediation:
      "Express the query with the ORM (annotations, `F`/`Q` expressions, `Func`); where raw SQL stays, keep its text literal at the call and pass values in `params`.",
    example:
      'User.objects.annotate(is_recent=Q(date_joined__gte=since))\nRawSQL("SELECT count(*) FROM app_item WHERE owner_id = %s", (user_id,))',
    references: ["https://docs.djangoproject.com/en/stable/ref/models/querysets/#extra"],
  },
});
