// A tenant's policies: adopted from a starter template or written from scratch, versioned (a new
// version is a draft), approved by an admin (the highest approved version is in force, and an
// approved version never changes) and acknowledged by members. Approvals and acknowledgements are
// entries of the evidence ledger, appended in the same transaction as the row they record.

import type { PersonRef } from "@rampart/contracts/evidence-requests";
import type {
  CreatePolicyBody,
  PolicyDetail,
  PolicySummary,
  PolicyVersion,
  UpdatePolicyBody,
} from "@rampart/contracts/policies";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { isUniqueViolation } from "@rampart/db/errors";
import { memberships, policies, policyAcknowledgements, policyVersions, users } from "@rampart/db/schema";
import { sha256Hex } from "@rampart/ledger/hash";
import { getPolicyTemplate, isKnownControl } from "@rampart/policy";
import { and, asc, count, desc, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import { AppError, notFound } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type PolicyRow = typeof policies.$inferSelect;
type VersionRow = typeof policyVersions.$inferSelect;
type Caller = { id: string; email: string };

export const POLICY_NOT_FOUND = "Policy not found";
export const VERSION_NOT_FOUND = "Policy version not found";
/** Bounds of one tenant's policy work: more is a mistake or an attack, not a policy programme. */
export const MAX_POLICIES_PER_TENANT = 200;
export const MAX_VERSIONS_PER_POLICY = 200;

const badRequest = (message: string) => new AppError("bad_request", message);
const conflict = (message: string) => new AppError("conflict", message);

export { sha256Hex };

/** Other members' rows are visible only in the tenant's context; callers checked access first. */
const inTenant = <T>(tenantId: string, work: () => T): T =>
  withDatabaseContext({ kind: "tenant", tenantId }, work);

/** Codes the catalogue does not know, for a 400 that names them. */
export function checkedControlCodes(codes: readonly string[]): string[] {
  const unique = [...new Set(codes)];
  const unknown = unique.filter((code) => !isKnownControl(code));
  if (unknown.length > 0) throw badRequest(`Unknown control codes: ${unknown.join(", ")}`);
  return unique;
}

/** The approved version with the highest number, if any. */
export function versionInForce<T extends { version: number; approvedAt: Date | null }>(
  versions: readonly T[],
): T | undefined {
  return versions
    .filter((version) => version.approvedAt !== null)
    .reduce<T | undefined>(
      (best, version) => (!best || version.version > best.version ? version : best),
      undefined,
    );
}

async function personsOf(
  tx: Transaction | Database,
  ids: (string | null)[],
): Promise<Map<string, PersonRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Members who acknowledge policies: everyone in the tenant but its auditors. */
async function acknowledgingMembers(tx: Transaction | Database, tenantId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), ne(memberships.role, "auditor")));
  return rows.map((row) => row.userId);
}

export function createPoliciesService(deps: { db: Database; ledger: LedgerService; now?: () => Date }) {
  const { db, ledger } = deps;
  const now = deps.now ?? (() => new Date());

  async function findPolicy(tx: Transaction | Database, tenantId: string, policyId: string, lock = false) {
    const query = tx
      .select()
      .from(policies)
      .where(and(eq(policies.tenantId, tenantId), eq(policies.id, policyId)));
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw notFound(POLICY_NOT_FOUND);
    return row;
  }

  async function versionsOf(tx: Transaction | Database, policyIds: string[]): Promise<VersionRow[]> {
    if (policyIds.length === 0) return [];
    return tx
      .select()
      .from(policyVersions)
      .where(inArray(policyVersions.policyId, policyIds))
      .orderBy(desc(policyVersions.version));
  }

  async function summaries(
    tx: Transaction | Database,
    tenantId: string,
    rows: PolicyRow[],
    callerId: string,
  ): Promise<{ summaries: PolicySummary[]; versions: VersionRow[]; members: string[] }> {
    const versions = await versionsOf(
      tx,
      rows.map((row) => row.id),
    );
    const members = await acknowledgingMembers(tx, tenantId);
    const inForce = rows.map((row) =>
      versionInForce(versions.filter((version) => version.policyId === row.id)),
    );
    const inForceIds = inForce.flatMap((version) => (version ? [version.id] : []));
    const acknowledgements =
      inForceIds.length === 0
        ? []
        : await tx
            .select({
              versionId: policyAcknowledgements.policyVersionId,
              userId: policyAcknowledgements.userId,
            })
            .from(policyAcknowledgements)
            .where(inArray(policyAcknowledgements.policyVersionId, inForceIds));
    const owners = await personsOf(
      tx,
      rows.map((row) => row.ownerId),
    );
    const memberSet = new Set(members);
    const list = rows.map((row, index): PolicySummary => {
      const current = inForce[index];
      const ofCurrent = current ? acknowledgements.filter((ack) => ack.versionId === current.id) : [];
      const latest = versions.find((version) => version.policyId === row.id);
      return {
        id: row.id,
        key: row.key,
        title: row.title,
        templateKey: row.templateKey,
        controlCodes: row.controlCodes,
        owner: row.ownerId ? (owners.get(row.ownerId) ?? null) : null,
        currentVersion: current?.version ?? null,
        latestVersion: latest?.version ?? 0,
        acknowledged: ofCurrent.filter((ack) => memberSet.has(ack.userId)).length,
        members: members.length,
        acknowledgedByMe: ofCurrent.some((ack) => ack.userId === callerId),
        createdAt: row.createdAt.toISOString(),
      };
    });
    return { summaries: list, versions, members };
  }

  async function detail(tx: Transaction | Database, tenantId: string, row: PolicyRow, callerId: string) {
    const { summaries: list, versions } = await summaries(tx, tenantId, [row], callerId);
    const versionIds = versions.map((version) => version.id);
    const acknowledgements =
      versionIds.length === 0
        ? []
        : await tx
            .select()
            .from(policyAcknowledgements)
            .where(inArray(policyAcknowledgements.policyVersionId, versionIds))
            .orderBy(desc(policyAcknowledgements.acknowledgedAt), asc(policyAcknowledgements.id))
            .limit(5000);
    const people = await personsOf(tx, [
      ...versions.flatMap((version) => [version.createdById, version.approvedById]),
      ...acknowledgements.map((ack) => ack.userId),
    ]);
    const countOf = new Map<string, number>();
    for (const ack of acknowledgements)
      countOf.set(ack.policyVersionId, (countOf.get(ack.policyVersionId) ?? 0) + 1);
    const numberOf = new Map(versions.map((version) => [version.id, version.version]));
    const result: PolicyDetail = {
      policy: list[0]!,
      versions: versions.map((version) => toVersion(version, people, countOf.get(version.id) ?? 0)),
      acknowledgements: acknowledgements.flatMap((ack) => {
        const user = people.get(ack.userId);
        return user
          ? [
              {
                user,
                version: numberOf.get(ack.policyVersionId)!,
                acknowledgedAt: ack.acknowledgedAt.toISOString(),
              },
            ]
          : [];
      }),
    };
    return result;
  }

  async function insertVersion(
    tx: Transaction,
    policy: PolicyRow,
    body: string,
    by: Caller,
    version: number,
  ) {
    const [row] = await tx
      .insert(policyVersions)
      .values({
        tenantId: policy.tenantId,
        policyId: policy.id,
        version,
        body,
        sha256: sha256Hex(body),
        createdById: by.id,
        createdAt: now(),
      })
      .returning();
    return row!;
  }

  async function findVersion(tx: Transaction, policy: PolicyRow, version: number) {
    const [row] = await tx
      .select()
      .from(policyVersions)
      .where(and(eq(policyVersions.policyId, policy.id), eq(policyVersions.version, version)));
    if (!row) throw notFound(VERSION_NOT_FOUND);
    return row;
  }

  return {
    list(tenantId: string, caller: Caller): Promise<PolicySummary[]> {
      return inTenant(tenantId, async () => {
        const rows = await db
          .select()
          .from(policies)
          .where(eq(policies.tenantId, tenantId))
          .orderBy(asc(policies.title), asc(policies.id))
          .limit(MAX_POLICIES_PER_TENANT);
        return (await summaries(db, tenantId, rows, caller.id)).summaries;
      });
    },

    get(tenantId: string, policyId: string, caller: Caller): Promise<PolicyDetail> {
      return inTenant(tenantId, async () =>
        detail(db, tenantId, await findPolicy(db, tenantId, policyId), caller.id),
      );
    },

    /** Adopting a template copies its text as draft version 1 and its controls; its key becomes the policy's. */
    async create(tenantId: string, by: Caller, body: z.output<typeof CreatePolicyBody>) {
      let draft: {
        key: string;
        title: string;
        body: string;
        controlCodes: string[];
        templateKey: string | null;
      };
      if ("templateKey" in body) {
        const template = getPolicyTemplate(body.templateKey);
        if (!template) throw badRequest(`Unknown policy template: ${body.templateKey}`);
        draft = {
          key: template.key,
          title: template.title,
          body: template.body,
          controlCodes: [...template.controls],
          templateKey: template.key,
        };
      } else {
        draft = { ...body, controlCodes: checkedControlCodes(body.controlCodes ?? []), templateKey: null };
      }
      const duplicate = () => conflict(`A policy with the key "${draft.key}" already exists`);
      try {
        return await inTenant(tenantId, () =>
          db.transaction(async (tx) => {
            const [{ value: existing } = { value: 0 }] = await tx
              .select({ value: count() })
              .from(policies)
              .where(eq(policies.tenantId, tenantId));
            if (existing >= MAX_POLICIES_PER_TENANT)
              throw conflict(`An organization can have at most ${MAX_POLICIES_PER_TENANT} policies`);
            const [taken] = await tx
              .select({ id: policies.id })
              .from(policies)
              .where(and(eq(policies.tenantId, tenantId), eq(policies.key, draft.key)));
            if (taken) throw duplicate();
            const [policy] = await tx
              .insert(policies)
              .values({
                tenantId,
                key: draft.key,
                title: draft.title,
                templateKey: draft.templateKey,
                controlCodes: draft.controlCodes,
                ownerId: by.id,
                createdAt: now(),
              })
              .returning();
            await insertVersion(tx, policy!, draft.body, by, 1);
            return detail(tx, tenantId, policy!, by.id);
          }),
        );
      } catch (error) {
        // Two adoptions of one template at once: the unique index refuses the second.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    update(
      tenantId: string,
      policyId: string,
      body: z.output<typeof UpdatePolicyBody>,
      caller: Caller,
    ): Promise<PolicyDetail> {
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const policy = await findPolicy(tx, tenantId, policyId, true);
          const changes: Partial<PolicyRow> = {};
          if (body.title !== undefined) changes.title = body.title;
          if (body.controlCodes !== undefined) changes.controlCodes = checkedControlCodes(body.controlCodes);
          if (body.ownerId !== undefined) {
            if (body.ownerId !== null) {
              const [membership] = await tx
                .select({ role: memberships.role })
                .from(memberships)
                .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, body.ownerId)));
              if (!membership || membership.role === "auditor")
                throw badRequest("The owner must be an admin or a member of this organization");
            }
            changes.ownerId = body.ownerId;
          }
          const [updated] =
            Object.keys(changes).length === 0
              ? [policy]
              : await tx.update(policies).set(changes).where(eq(policies.id, policy.id)).returning();
          return detail(tx, tenantId, updated!, caller.id);
        }),
      );
    },

    /** A new draft: the next number after the highest, whatever its state. */
    addVersion(tenantId: string, policyId: string, text: string, by: Caller): Promise<PolicyVersion> {
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          // Locked, so two drafts at once get consecutive numbers instead of one failing.
          const policy = await findPolicy(tx, tenantId, policyId, true);
          const [latest] = await tx
            .select({ version: policyVersions.version })
            .from(policyVersions)
            .where(eq(policyVersions.policyId, policy.id))
            .orderBy(desc(policyVersions.version))
            .limit(1);
          const next = (latest?.version ?? 0) + 1;
          if (next > MAX_VERSIONS_PER_POLICY)
            throw conflict(`A policy can have at most ${MAX_VERSIONS_PER_POLICY} versions`);
          const row = await insertVersion(tx, policy, text, by, next);
          return toVersion(row, new Map([[by.id, by]]), 0);
        }),
      );
    },

    approve(tenantId: string, policyId: string, version: number, by: Caller): Promise<PolicyVersion> {
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const policy = await findPolicy(tx, tenantId, policyId, true);
          const row = await findVersion(tx, policy, version);
          if (row.approvedAt) throw conflict(`Version ${version} is already approved`);
          const all = await tx
            .select({ version: policyVersions.version, approvedAt: policyVersions.approvedAt })
            .from(policyVersions)
            .where(eq(policyVersions.policyId, policy.id));
          const inForce = versionInForce(all);
          // Approving an older draft would not put it in force: the approval would record nothing true.
          if (inForce && inForce.version > version)
            throw conflict(`Version ${inForce.version} is in force: approve a newer version instead`);
          const approvedAt = now();
          const artifact = await ledger.append(tx, {
            tenantId,
            artifactType: "policy_approval",
            content: {
              policyId: policy.id,
              key: policy.key,
              version,
              sha256: row.sha256,
              approvedBy: by.email,
            },
            createdAt: approvedAt,
          });
          const [approved] = await tx
            .update(policyVersions)
            .set({ approvedById: by.id, approvedAt, approvalArtifactId: artifact.id })
            .where(eq(policyVersions.id, row.id))
            .returning();
          const people = await personsOf(tx, [approved!.createdById, by.id]);
          return toVersion(approved!, people, 0);
        }),
      );
    },

    /** Only the version in force; a second acknowledgement answers the first. */
    acknowledge(tenantId: string, policyId: string, version: number, by: Caller) {
      return inTenant(tenantId, () =>
        db.transaction(async (tx) => {
          const policy = await findPolicy(tx, tenantId, policyId);
          const row = await findVersion(tx, policy, version);
          if (!row.approvedAt)
            throw conflict(`Version ${version} is a draft: only an approved version can be acknowledged`);
          const all = await tx
            .select({ version: policyVersions.version, approvedAt: policyVersions.approvedAt })
            .from(policyVersions)
            .where(eq(policyVersions.policyId, policy.id));
          const inForce = versionInForce(all)!;
          if (inForce.version !== version)
            throw conflict(`Version ${inForce.version} is in force: acknowledge that one instead`);
          const [existing] = await tx
            .select()
            .from(policyAcknowledgements)
            .where(
              and(
                eq(policyAcknowledgements.policyVersionId, row.id),
                eq(policyAcknowledgements.userId, by.id),
              ),
            );
          if (existing) {
            return {
              created: false,
              acknowledgement: toAcknowledgement(by, version, existing.acknowledgedAt),
            };
          }
          const acknowledgedAt = now();
          const artifact = await ledger.append(tx, {
            tenantId,
            artifactType: "policy_acknowledgement",
            content: { policyId: policy.id, key: policy.key, version, sha256: row.sha256, userId: by.id },
            createdAt: acknowledgedAt,
          });
          await tx.insert(policyAcknowledgements).values({
            tenantId,
            policyVersionId: row.id,
            userId: by.id,
            acknowledgedAt,
            ledgerArtifactId: artifact.id,
          });
          return { created: true, acknowledgement: toAcknowledgement(by, version, acknowledgedAt) };
        }),
      );
    },
  };
}

function toAcknowledgement(by: Caller, version: number, at: Date) {
  return { user: { id: by.id, email: by.email }, version, acknowledgedAt: at.toISOString() };
}

function toVersion(
  row: VersionRow,
  people: Map<string, PersonRef>,
  acknowledgedCount: number,
): PolicyVersion {
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  return {
    id: row.id,
    version: row.version,
    body: row.body,
    sha256: row.sha256,
    createdBy: person(row.createdById),
    createdAt: row.createdAt.toISOString(),
    approvedBy: person(row.approvedById),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    acknowledgedCount,
  };
}

export type PoliciesService = ReturnType<typeof createPoliciesService>;
