// What an evidence upload may be: a table of the accepted content types, each with how its bytes
// are recognised, and the executables refused whatever they claim to be. The declared type must
// match the content, so a PNG cannot pass as a PDF and a binary cannot pass as text.
import { AppError } from "../errors.ts";

export type ContentCheck =
  /** The file starts with one of these byte sequences. */
  | { kind: "magic"; signatures: readonly (readonly number[])[] }
  /** WebP: `RIFF` + size + `WEBP`. */
  | { kind: "webp" }
  /** A zip archive (plain zip or Office Open XML), whose entries are checked too. */
  | { kind: "zip" }
  /** Valid UTF-8 without NUL characters. */
  | { kind: "text" };

export interface UploadType {
  readonly contentType: string;
  readonly label: string;
  readonly check: ContentCheck;
  /** Shown inline by browsers when downloaded (images and PDF); everything else is an octet stream. */
  readonly inline: boolean;
}

const bytes = (text: string) => [...Buffer.from(text, "latin1")];
const ZIP = { kind: "zip" } as const;
const TEXT = { kind: "text" } as const;

export const UPLOAD_TYPES: readonly UploadType[] = [
  {
    contentType: "application/pdf",
    label: "PDF",
    check: { kind: "magic", signatures: [bytes("%PDF-")] },
    inline: true,
  },
  {
    contentType: "image/png",
    label: "PNG",
    check: { kind: "magic", signatures: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
    inline: true,
  },
  {
    contentType: "image/jpeg",
    label: "JPEG",
    check: { kind: "magic", signatures: [[0xff, 0xd8, 0xff]] },
    inline: true,
  },
  {
    contentType: "image/gif",
    label: "GIF",
    check: { kind: "magic", signatures: [bytes("GIF87a"), bytes("GIF89a")] },
    inline: true,
  },
  { contentType: "image/webp", label: "WebP", check: { kind: "webp" }, inline: true },
  { contentType: "text/plain", label: "plain text", check: TEXT, inline: false },
  { contentType: "text/csv", label: "CSV", check: TEXT, inline: false },
  { contentType: "text/markdown", label: "Markdown", check: TEXT, inline: false },
  { contentType: "application/json", label: "JSON", check: TEXT, inline: false },
  {
    contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "Word (.docx)",
    check: ZIP,
    inline: false,
  },
  {
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    label: "Excel (.xlsx)",
    check: ZIP,
    inline: false,
  },
  {
    contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    label: "PowerPoint (.pptx)",
    check: ZIP,
    inline: false,
  },
  { contentType: "application/zip", label: "zip", check: ZIP, inline: false },
];

/** Executable formats, refused whatever type they are declared as. */
export const EXECUTABLE_SIGNATURES: readonly { label: string; signature: readonly number[] }[] = [
  { label: "a Windows executable", signature: bytes("MZ") },
  { label: "a Linux executable", signature: [0x7f, 0x45, 0x4c, 0x46] },
  { label: "a macOS executable", signature: [0xfe, 0xed, 0xfa, 0xce] },
  { label: "a macOS executable", signature: [0xfe, 0xed, 0xfa, 0xcf] },
  { label: "a macOS executable", signature: [0xce, 0xfa, 0xed, 0xfe] },
  { label: "a macOS executable", signature: [0xcf, 0xfa, 0xed, 0xfe] },
  { label: "a macOS executable", signature: [0xca, 0xfe, 0xba, 0xbe] },
  { label: "a script", signature: bytes("#!") },
];

export const ACCEPTED_TYPES_SENTENCE = `Evidence can be ${UPLOAD_TYPES.map((type) => type.label).join(", ")}`;

/** The bare media type of a Content-Type header (`text/plain; charset=utf-8` → `text/plain`). */
export function mediaType(header: string | undefined): string {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

export function uploadType(contentType: string): UploadType | undefined {
  return UPLOAD_TYPES.find((type) => type.contentType === contentType);
}

const startsWith = (data: Buffer, signature: readonly number[]) =>
  data.length >= signature.length && signature.every((byte, index) => data[index] === byte);

/** The executable `data` is, if any. */
export function executableKind(data: Buffer): string | undefined {
  return EXECUTABLE_SIGNATURES.find((entry) => startsWith(data, entry.signature))?.label;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    utf8.decode(data);
    return true;
  } catch {
    return false;
  }
}

const CONTENT_MATCHES: Record<ContentCheck["kind"], (data: Buffer, check: ContentCheck) => boolean> = {
  magic: (data, check) =>
    check.kind === "magic" && check.signatures.some((signature) => startsWith(data, signature)),
  webp: (data) => startsWith(data, bytes("RIFF")) && data.subarray(8, 12).toString("latin1") === "WEBP",
  zip: (data) => startsWith(data, [0x50, 0x4b, 0x03, 0x04]),
  text: (data) => isText(data),
};

/**
 * Throws a 415 for a type not in the table, a 422 for an executable or for content that is not
 * what was declared; returns the type otherwise (zip contents are checked by the caller).
 */
export function checkUploadContent(declared: string, data: Buffer): UploadType {
  const type = uploadType(declared);
  if (!type) {
    throw new AppError(
      "unsupported_media_type",
      `${declared ? `Files of type ${declared}` : "Files without a Content-Type"} are not accepted. ${ACCEPTED_TYPES_SENTENCE}`,
    );
  }
  const executable = executableKind(data);
  if (executable)
    throw new AppError(
      "unprocessable",
      `The file is ${executable}: executables are not accepted as evidence`,
    );
  if (!CONTENT_MATCHES[type.check.kind](data, type.check)) {
    throw new AppError(
      "unprocessable",
      type.check.kind === "text"
        ? `The file was sent as ${type.label} but is not UTF-8 text`
        : `The file was sent as ${type.label} but its content is not a ${type.label} file`,
    );
  }
  return type;
}

/** Control characters (C0, DEL, C1) and the bidirectional overrides that disguise an extension. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name a file is kept and offered under: its last path segment (either slash), without
 * control characters, trimmed of dots and spaces at either end. Null when nothing is left.
 */
export function safeFileName(name: string): string | null {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const clean = base
    .replace(UNSAFE_NAME_CHARACTERS, "")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .slice(0, 255);
  return clean.length > 0 ? clean : null;
}
