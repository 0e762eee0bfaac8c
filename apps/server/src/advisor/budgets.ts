// Per-tenant budgets of the advisor: questions per minute (a sliding window) and language-model
// tokens per UTC day. Kept in this process's memory: with several API processes each holds its
// own, so the configured figures are per process — a bound on cost, not an accounting record.
const MINUTE_MS = 60_000;
const MAX_TENANTS_TRACKED = 10_000;

export interface AdvisorBudgetLimits {
  requestsPerMinute: number;
  tokensPerDay: number;
}

export type BudgetCheck = { ok: true } | { ok: false; message: string };

export function createAdvisorBudgets(limits: AdvisorBudgetLimits, now: () => number = Date.now) {
  const requests = new Map<string, number[]>();
  const tokens = new Map<string, { day: string; used: number }>();
  const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

  function bounded<V>(map: Map<string, V>) {
    if (map.size > MAX_TENANTS_TRACKED) map.delete(map.keys().next().value as string);
  }

  return {
    /** Counts one question against the tenant's rate; refused with the wait when it is spent. */
    takeRequest(tenantId: string): BudgetCheck {
      const at = now();
      const recent = (requests.get(tenantId) ?? []).filter((time) => at - time < MINUTE_MS);
      if (recent.length >= limits.requestsPerMinute) {
        const waitSeconds = Math.max(1, Math.ceil((recent[0]! + MINUTE_MS - at) / 1000));
        requests.set(tenantId, recent);
        return {
          ok: false,
          message: `This organization has asked the advisor ${limits.requestsPerMinute} questions in the last minute, its limit; ask again in ${waitSeconds} seconds`,
        };
      }
      recent.push(at);
      requests.delete(tenantId);
      requests.set(tenantId, recent);
      bounded(requests);
      return { ok: true };
    },

    /** Whether the tenant may still use the model today. */
    checkTokens(tenantId: string): BudgetCheck {
      const entry = tokens.get(tenantId);
      if (entry && entry.day === dayOf(now()) && entry.used >= limits.tokensPerDay)
        return {
          ok: false,
          message: `This organization has used its ${limits.tokensPerDay.toLocaleString("en-US")} language-model tokens for today; the budget renews at midnight UTC`,
        };
      return { ok: true };
    },

    /** Records tokens the model used for the tenant (prompt and completion). */
    spendTokens(tenantId: string, count: number) {
      const day = dayOf(now());
      const entry = tokens.get(tenantId);
      const used = (entry && entry.day === day ? entry.used : 0) + Math.max(0, Math.round(count));
      tokens.delete(tenantId);
      tokens.set(tenantId, { day, used });
      bounded(tokens);
    },

    tokensUsed: (tenantId: string) => {
      const entry = tokens.get(tenantId);
      return entry && entry.day === dayOf(now()) ? entry.used : 0;
    },
  };
}

export type AdvisorBudgets = ReturnType<typeof createAdvisorBudgets>;
