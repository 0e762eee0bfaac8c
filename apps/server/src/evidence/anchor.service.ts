// Anchors each tenant's ledger outside Rampart and checks the chain against those anchors. The
// `ledger.anchor` job cuts a checkpoint when the chain grew, has it timestamped by the configured
// RFC 3161 authority and cosigned by every configured witness (C2SP tlog-witness, with a
// consistency proof from the size each witness last cosigned), and stores what came back. The
// checks compare the chain as the database holds it now with the checkpoints it signed, exported
// and had cosigned: a chain recomputed from some entry on no longer has their roots, and a
// witness that saw the old history refuses the new one as a fork. Either raises an alert.
import type { Database } from "@rampart/db/client";
import { attestations, ledgerCheckpoints, ledgerCosignatures, ledgerTimestamps } from "@rampart/db/schema";
import {
  cosignatureTime,
  type LedgerEntry,
  ledgerTree,
  type MerkleTree,
  parseCheckpoint,
  splitNote,
  verifyCosignatures,
  type WitnessSubmission,
} from "@rampart/ledger";
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { WitnessConfig } from "./anchor-config.ts";
import type { LedgerAlerts, NewLedgerAlert } from "./ledger-alerts.ts";

type CheckpointRow = typeof ledgerCheckpoints.$inferSelect;

/** What a witness answered to one add-checkpoint request (witness-client.ts in the ledger). */
export type WitnessAnswer = WitnessSubmission;

export interface WitnessRequest {
  witness: WitnessConfig;
  oldSize: number;
  proof: Buffer[];
  note: string;
}

/** A timestamp token over `data` from the configured authority, already verified against its roots. */
export type TimestampAnswer =
  | { ok: true; token: Buffer; serial: string; genTime: string; tsa: string }
  | { ok: false; message: string };

export interface AnchorClients {
  addCheckpoint(request: WitnessRequest): Promise<WitnessAnswer>;
  /** Absent when no TSA is configured. */
  timestamp?: (data: Buffer) => Promise<TimestampAnswer>;
}

/** The witness status that means "this is not an extension of what I cosigned": a fork. */
const FORK_STATUS = 422;

/** The checkpoint body, which is what a TSA timestamps: the note's signed text. */
function noteText(note: string): string {
  const split = splitNote(note);
  if (!split.ok) throw new Error(`ledger anchor: our own checkpoint is not a signed note: ${split.message}`);
  return split.note.text;
}

/** The latest time a Date holds, in POSIX seconds. */
const MAX_DATE_SECONDS = 8_640_000_000_000;

/** Each cosignature line a witness returned for `note`, with the time it carries. */
function returnedCosignatures(note: string, lines: readonly string[]): { line: string; cosignedAt: Date }[] {
  const split = splitNote(withCosignatures(note, lines));
  if (!split.ok) return [];
  const returned = new Set(lines.map((line) => line.trimEnd()));
  return split.note.signatures.flatMap((signature) => {
    const seconds = cosignatureTime(signature.signature);
    return returned.has(signature.line) && seconds !== undefined && seconds <= MAX_DATE_SECONDS
      ? [{ line: signature.line, cosignedAt: new Date(seconds * 1000) }]
      : [];
  });
}

/** The signed note with cosignature lines appended: what a verifier of the cosignatures reads. */
export function withCosignatures(note: string, lines: readonly string[]): string {
  return note + lines.map((line) => `${line.trimEnd()}\n`).join("");
}

/** Compact, readable reference of an anchor, for an attestation's `blockchainAnchor`. */
export function anchorReference(
  checkpoint: { origin: string; treeSize: number },
  anchors: { witnesses: readonly string[]; timestamp?: { tsa: string; serial: string } },
): string | undefined {
  if (anchors.witnesses.length > 0)
    return `witness ${checkpoint.origin}@${checkpoint.treeSize} cosigned by ${anchors.witnesses.join(", ")}`;
  if (anchors.timestamp) return `rfc3161 ${anchors.timestamp.tsa} serial ${anchors.timestamp.serial}`;
  return undefined;
}

/**
 * What is wrong between the chain now (its tree) and a checkpoint it signed earlier, in words an
 * operator understands; `undefined` when the chain still extends it.
 */
export function checkpointMismatch(
  tree: MerkleTree,
  checkpoint: CheckpointRow,
  what: string,
): NewLedgerAlert | undefined {
  const at = checkpoint.createdAt.toISOString();
  // The note, not the row's columns, is what was signed and handed out. Its signature is not
  // checked here: a checkpoint signed before a key rotation stays a valid statement of its root.
  const verified = parseCheckpoint(checkpoint.note);
  const rewrite = (message: string): NewLedgerAlert => ({
    kind: "rewrite",
    message,
    checkpointId: checkpoint.id,
    treeSize: checkpoint.treeSize,
  });
  if (!verified.ok) return rewrite(`the ${what} of ${at} is unreadable: ${verified.message}`);
  const { treeSize, rootHash } = verified.checkpoint;
  if (treeSize > tree.size)
    return rewrite(
      `the ${what} of ${at} covered ${treeSize} entries but the chain now has ${tree.size}: entries were removed`,
    );
  const root = tree.root(treeSize).toString("hex");
  if (root !== rootHash)
    return rewrite(
      `the first ${treeSize} entries no longer have the root the ${what} of ${at} signed (${rootHash.slice(0, 12)}…, now ${root.slice(0, 12)}…): the history was rewritten`,
    );
  return undefined;
}

export function createAnchorService(deps: {
  db: Database;
  witnesses: readonly WitnessConfig[];
  clients: AnchorClients;
  alerts: LedgerAlerts;
  entriesOf(tenantId: string): Promise<LedgerEntry[]>;
  /** Signs a checkpoint over exactly `entries` (the ledger's key and origin). */
  cutCheckpoint(tenantId: string, entries: readonly LedgerEntry[]): Promise<string>;
  logger?: FastifyBaseLogger;
}) {
  const { db, witnesses, clients, alerts } = deps;
  const enabled = witnesses.length > 0 || clients.timestamp !== undefined;

  const newestCheckpoint = async (tenantId: string) =>
    (
      await db
        .select()
        .from(ledgerCheckpoints)
        .where(eq(ledgerCheckpoints.tenantId, tenantId))
        .orderBy(desc(ledgerCheckpoints.treeSize), desc(ledgerCheckpoints.createdAt))
        .limit(1)
    )[0];

  /** The newest checkpoint that `witness` (or, without one, any witness) cosigned. */
  async function newestCosigned(tenantId: string, witness?: string) {
    const [row] = await db
      .select({ checkpoint: ledgerCheckpoints })
      .from(ledgerCosignatures)
      .innerJoin(ledgerCheckpoints, eq(ledgerCheckpoints.id, ledgerCosignatures.checkpointId))
      .where(
        and(
          eq(ledgerCosignatures.tenantId, tenantId),
          ...(witness === undefined ? [] : [eq(ledgerCosignatures.witness, witness)]),
        ),
      )
      .orderBy(desc(ledgerCheckpoints.treeSize), desc(ledgerCheckpoints.createdAt))
      .limit(1);
    return row?.checkpoint;
  }

  const cosignaturesOf = (checkpointId: string) =>
    db.select().from(ledgerCosignatures).where(eq(ledgerCosignatures.checkpointId, checkpointId));

  const timestampOf = async (checkpointId: string) =>
    (await db.select().from(ledgerTimestamps).where(eq(ledgerTimestamps.checkpointId, checkpointId)))[0];

  /**
   * The chain against what was signed over it: the newest checkpoint (the last exported or
   * anchored) and the newest one a witness cosigned, whose cosignatures must still verify.
   */
  async function check(tenantId: string, entries: readonly LedgerEntry[]): Promise<NewLedgerAlert[]> {
    const tree = ledgerTree(entries);
    const problems: NewLedgerAlert[] = [];
    const newest = await newestCheckpoint(tenantId);
    const cosigned = await newestCosigned(tenantId);
    if (newest) {
      const problem = checkpointMismatch(tree, newest, "newest checkpoint");
      if (problem) problems.push(problem);
    }
    if (cosigned && cosigned.id !== newest?.id) {
      const problem = checkpointMismatch(tree, cosigned, "newest witnessed checkpoint");
      if (problem) problems.push(problem);
    }
    if (cosigned) {
      const configured = (await cosignaturesOf(cosigned.id)).filter((row) =>
        witnesses.some((witness) => witness.name === row.witness),
      );
      if (configured.length > 0) {
        const note = withCosignatures(
          cosigned.note,
          configured.map((row) => row.line),
        );
        const result = verifyCosignatures(
          note,
          witnesses.map((witness) => witness.vkey),
        );
        if (!result.ok || result.failed.length > 0)
          problems.push({
            kind: "rewrite",
            message: `a stored witness cosignature on the checkpoint of ${cosigned.treeSize} entries does not verify`,
            checkpointId: cosigned.id,
            treeSize: cosigned.treeSize,
          });
      }
    }
    return problems;
  }

  /** One witness: the old size it last cosigned, a proof from there, and one retry on 409. */
  async function cosign(
    tenantId: string,
    witness: WitnessConfig,
    tree: MerkleTree,
    note: string,
  ): Promise<
    | { kind: "cosigned"; lines: readonly string[] }
    | { kind: "fork"; alert: NewLedgerAlert }
    | { kind: "failed"; message: string }
  > {
    const last = await newestCosigned(tenantId, witness.name);
    const fork = (message: string, checkpoint?: CheckpointRow): { kind: "fork"; alert: NewLedgerAlert } => ({
      kind: "fork",
      alert: {
        kind: "fork",
        message: `witness ${witness.name}: ${message}`,
        ...(checkpoint ? { checkpointId: checkpoint.id, treeSize: checkpoint.treeSize } : {}),
      },
    });
    let oldSize = last?.treeSize ?? 0;
    if (last && (oldSize > tree.size || tree.root(oldSize).toString("hex") !== last.rootHash))
      return fork(
        `the chain no longer extends the checkpoint of ${oldSize} entries it cosigned: the history was rewritten`,
        last,
      );
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await clients.addCheckpoint({
        witness,
        oldSize,
        proof: tree.consistencyProof(oldSize),
        note,
      });
      if (answer.kind === "cosigned") {
        if (answer.lines.length === 0)
          return { kind: "failed", message: `${witness.name}: no valid cosignature` };
        return { kind: "cosigned", lines: answer.lines };
      }
      if (answer.kind === "unreachable")
        return { kind: "failed", message: `${witness.name}: ${answer.message}` };
      if (answer.kind === "refused") {
        if (answer.status === FORK_STATUS)
          return fork(`refused the chain of ${tree.size} entries as inconsistent with what it saw (a fork)`);
        return { kind: "failed", message: `${witness.name} refused (${answer.status}): ${answer.message}` };
      }
      // 409: the witness holds another size for us than we remember (our records were lost or
      // rewritten); prove consistency from its size instead, once.
      if (answer.witnessSize > tree.size)
        return fork(
          `has cosigned ${answer.witnessSize} entries but the chain has only ${tree.size}: entries were removed`,
        );
      if (attempt === 0) oldSize = answer.witnessSize;
    }
    return { kind: "failed", message: `${witness.name}: its size kept changing (409 twice)` };
  }

  /**
   * Anchors the tenant's chain: a new checkpoint when it grew, its timestamp, and the
   * cosignatures of the witnesses that lack them. Nothing is stored when a witness calls the chain
   * a fork; what succeeded is stored when others failed, and the job then fails to be retried.
   */
  async function anchor(tenantId: string): Promise<void> {
    if (!enabled) return;
    if ((await alerts.open(tenantId)).length > 0) return;
    const entries = await deps.entriesOf(tenantId);
    if (entries.length === 0) return;
    const local = await check(tenantId, entries);
    if (local.length > 0) {
      for (const problem of local) await alerts.raise(tenantId, problem);
      return;
    }
    const tree = ledgerTree(entries);
    const newest = await newestCheckpoint(tenantId);
    const fresh = !newest || newest.treeSize < entries.length;
    const note = fresh ? await deps.cutCheckpoint(tenantId, entries) : newest.note;
    const have = fresh ? [] : (await cosignaturesOf(newest.id)).map((row) => row.witness);
    const pending = witnesses.filter((witness) => !have.includes(witness.name));

    const failures: string[] = [];
    const cosignatures: { witness: string; line: string; cosignedAt: Date }[] = [];
    for (const witness of pending) {
      const result = await cosign(tenantId, witness, tree, note);
      if (result.kind === "fork") {
        await alerts.raise(tenantId, result.alert);
        return;
      }
      if (result.kind === "failed") {
        failures.push(result.message);
        continue;
      }
      for (const cosignature of returnedCosignatures(note, result.lines)) {
        cosignatures.push({ witness: witness.name, ...cosignature });
      }
    }
    let token: Extract<TimestampAnswer, { ok: true }> | undefined;
    if (clients.timestamp && (fresh || !(await timestampOf(newest!.id)))) {
      const answer = await clients.timestamp(Buffer.from(noteText(note), "utf8"));
      if (answer.ok) token = answer;
      else failures.push(`time-stamping authority: ${answer.message}`);
    }
    const gained = cosignatures.length > 0 || token !== undefined;
    if (fresh && !gained) throw new Error(`ledger anchor: nothing anchored (${failures.join("; ")})`);
    if (gained) await store(tenantId, { fresh, note, tree, existing: newest, cosignatures, token });
    if (failures.length > 0) throw new Error(`ledger anchor: ${failures.join("; ")}`);
  }

  /** Stores a new checkpoint (if it is one) with its anchors, and names them on attestations. */
  async function store(
    tenantId: string,
    input: {
      fresh: boolean;
      note: string;
      tree: MerkleTree;
      existing: CheckpointRow | undefined;
      cosignatures: { witness: string; line: string; cosignedAt: Date }[];
      token: Extract<TimestampAnswer, { ok: true }> | undefined;
    },
  ) {
    const parsed = parseCheckpoint(input.note);
    if (!parsed.ok) throw new Error(`ledger anchor: own checkpoint unreadable: ${parsed.message}`);
    const { origin, treeSize, rootHash } = parsed.checkpoint;
    await db.transaction(async (tx) => {
      const checkpointId = input.fresh
        ? (
            await tx
              .insert(ledgerCheckpoints)
              .values({ tenantId, treeSize, rootHash, note: input.note })
              .returning()
          )[0]!.id
        : input.existing!.id;
      if (input.cosignatures.length > 0)
        await tx
          .insert(ledgerCosignatures)
          .values(input.cosignatures.map((row) => ({ tenantId, checkpointId, ...row })))
          .onConflictDoNothing();
      if (input.token)
        await tx
          .insert(ledgerTimestamps)
          .values({
            tenantId,
            checkpointId,
            token: input.token.token,
            serial: input.token.serial,
            genTime: new Date(input.token.genTime),
            tsa: input.token.tsa,
          })
          .onConflictDoNothing();
      const cosigners = (
        await tx.select().from(ledgerCosignatures).where(eq(ledgerCosignatures.checkpointId, checkpointId))
      ).map((row) => row.witness);
      const [stamp] = await tx
        .select()
        .from(ledgerTimestamps)
        .where(eq(ledgerTimestamps.checkpointId, checkpointId));
      const reference = anchorReference(
        { origin, treeSize },
        { witnesses: cosigners, ...(stamp ? { timestamp: { tsa: stamp.tsa, serial: stamp.serial } } : {}) },
      );
      // Attestations cite the ledger head they were made at: this checkpoint covers them.
      if (reference)
        await tx
          .update(attestations)
          .set({ blockchainAnchor: reference })
          .where(
            and(
              eq(attestations.tenantId, tenantId),
              isNull(attestations.blockchainAnchor),
              lte(sql`(${attestations.statement} -> 'predicate' -> 'ledger' ->> 'treeSize')::int`, treeSize),
            ),
          );
    });
  }

  /**
   * The newest anchored checkpoint an export of `entries` can carry: at most its size, with its
   * cosignature lines appended and its timestamp token.
   */
  async function exportAnchors(tenantId: string, entries: readonly LedgerEntry[]) {
    const anchoredIds = db
      .select({ id: ledgerCosignatures.checkpointId })
      .from(ledgerCosignatures)
      .where(eq(ledgerCosignatures.tenantId, tenantId))
      .union(
        db
          .select({ id: ledgerTimestamps.checkpointId })
          .from(ledgerTimestamps)
          .where(eq(ledgerTimestamps.tenantId, tenantId)),
      );
    const [checkpoint] = await db
      .select()
      .from(ledgerCheckpoints)
      .where(
        and(
          eq(ledgerCheckpoints.tenantId, tenantId),
          lte(ledgerCheckpoints.treeSize, entries.length),
          inArray(ledgerCheckpoints.id, anchoredIds),
        ),
      )
      .orderBy(desc(ledgerCheckpoints.treeSize), desc(ledgerCheckpoints.createdAt))
      .limit(1);
    if (!checkpoint || checkpoint.treeSize === 0) return undefined;
    const lines = (await cosignaturesOf(checkpoint.id)).map((row) => row.line);
    const stamp = await timestampOf(checkpoint.id);
    // buildExport adds the consistency proof from this checkpoint to the export's own.
    return {
      checkpoint: withCosignatures(checkpoint.note, lines),
      ...(stamp ? { timestamp: stamp.token } : {}),
    };
  }

  /** Anchors one tenant's chain; jobs for the same tenant coalesce, failures are retried. */
  const anchorJob = defineJob({
    name: "ledger.anchor",
    version: 1,
    payload: z.object({ tenantId: z.uuid() }),
    queue: { policy: "stately", retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: async ({ tenantId }) => {
      await anchor(tenantId);
    },
  });

  return { enabled, anchor, anchorJob, check, exportAnchors };
}

export type AnchorService = ReturnType<typeof createAnchorService>;
