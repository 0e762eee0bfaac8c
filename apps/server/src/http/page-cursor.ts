// Opaque cursors of newest-first lists paged by keyset: the last row's creation time and a key
// that orders rows created at the same instant. Base64url so clients pass it back untouched;
// callers validate the key and answer 400 to anything they did not hand out.
// Timestamps round-trip exactly only at millisecond precision: rows paged this way must be
// created with a JavaScript `Date`, not the database's microsecond `now()`.

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(createdAt: Date, key: string | number): string {
  return Buffer.from(`${createdAt.toISOString()}|${key}`).toString("base64url");
}

/** The cursor's time and key, or undefined when it is not one `encodeCursor` made. */
export function decodeCursor<K>(
  cursor: string,
  parseKey: (raw: string) => K | undefined,
): { createdAt: Date; key: K } | undefined {
  const [iso, raw, ...rest] = Buffer.from(cursor, "base64url").toString().split("|");
  // Only the exact form `encodeCursor` writes: an odd date (a six-digit year) could be out of
  // the database's range and fail the query instead of answering 400.
  if (!iso || !ISO_INSTANT.test(iso) || raw === undefined || rest.length > 0) return undefined;
  const createdAt = new Date(iso);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== iso) return undefined;
  const key = parseKey(raw);
  return key === undefined ? undefined : { createdAt, key };
}
