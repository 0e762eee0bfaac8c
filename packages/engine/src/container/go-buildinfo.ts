// Go binaries carry their module list: the linker writes a `\xff Go buildinf:` header followed
// (Go ≥ 1.18, flag bit 2) by two varint-prefixed strings, the toolchain version and the module
// info (`path`, `mod`, `dep`, `=>` lines, as `go version -m` prints). The scanner looks for the
// header while the file streams past, and keeps only the bytes after it, never the binary.

export interface GoModule {
  path: string;
  version: string;
}

export interface GoBuildInfo {
  /** Toolchain version, e.g. `go1.22.3`. */
  goVersion: string;
  /** The main package path (`path` line). */
  path?: string;
  /** The main module (`mod` line); its version is `(devel)` for a local build. */
  main?: GoModule;
  deps: GoModule[];
}

const MAGIC = Buffer.from("\xff Go buildinf:", "latin1");
const HEADER_BYTES = 32;
/** Module info of a large program is tens of kilobytes; anything past this is not build info. */
const MAX_INFO_BYTES = 1024 * 1024;

type Attempt = { status: "ok"; info: GoBuildInfo } | { status: "need-more" } | { status: "invalid" };

function readUvarint(
  buffer: Buffer,
  offset: number,
): { value: number; next: number } | "need-more" | "invalid" {
  let value = 0;
  let shift = 0;
  for (let index = offset; index < buffer.length; index++) {
    const byte = buffer[index]!;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return { value, next: index + 1 };
    shift += 7;
    if (shift > 28) return "invalid";
  }
  return "need-more";
}

/** Parses build info whose header starts at `buffer[0]`. */
export function parseBuildInfoAt(buffer: Buffer): Attempt {
  if (buffer.length < HEADER_BYTES) return { status: "need-more" };
  if (!buffer.subarray(0, MAGIC.length).equals(MAGIC)) return { status: "invalid" };
  const flags = buffer[15]!;
  // Before Go 1.18 the header holds pointers into the data segment; reading those needs the
  // ELF/Mach-O/PE section table, which this streaming reader does not keep.
  if ((flags & 2) === 0) return { status: "invalid" };
  const strings: Buffer[] = [];
  let offset = HEADER_BYTES;
  for (let index = 0; index < 2; index++) {
    const length = readUvarint(buffer, offset);
    if (length === "need-more") return { status: "need-more" };
    if (length === "invalid" || length.value > MAX_INFO_BYTES) return { status: "invalid" };
    if (buffer.length < length.next + length.value) return { status: "need-more" };
    strings.push(buffer.subarray(length.next, length.next + length.value));
    offset = length.next + length.value;
  }
  const goVersion = strings[0]!.toString("utf8");
  if (!goVersion.startsWith("go") && !goVersion.startsWith("devel")) return { status: "invalid" };
  // The module info is framed by 16 sentinel bytes on each side (binary, so cut before decoding).
  let moduleInfo = strings[1]!;
  if (moduleInfo.length >= 33 && moduleInfo[moduleInfo.length - 17] === 0x0a) {
    moduleInfo = moduleInfo.subarray(16, moduleInfo.length - 16);
  }
  return { status: "ok", info: parseModuleInfo(goVersion, moduleInfo.toString("utf8")) };
}

/** `go version -m` lines: `path`, `mod`, `dep`, and `=>` replacing the module before it. */
export function parseModuleInfo(goVersion: string, text: string): GoBuildInfo {
  const info: GoBuildInfo = { goVersion, deps: [] };
  let last: GoModule | undefined;
  for (const line of text.split("\n")) {
    const [kind, path, version] = line.split("\t");
    if (kind === "path" && path) info.path = path;
    else if ((kind === "mod" || kind === "dep") && path) {
      last = { path, version: version ?? "" };
      if (kind === "mod") info.main = last;
      else info.deps.push(last);
    } else if (kind === "=>" && path && last) {
      // A replacement: the code that was built is the replacement's (a local path has no version).
      last.path = path;
      last.version = version ?? "";
    }
  }
  return info;
}

const EXECUTABLE_MAGICS = [
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), // Mach-O 64
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]), // Mach-O 32
  Buffer.from([0x4d, 0x5a]), // PE "MZ"
];

export function looksLikeExecutable(head: Buffer): boolean {
  return EXECUTABLE_MAGICS.some(
    (magic) => head.length >= magic.length && head.subarray(0, magic.length).equals(magic),
  );
}

/**
 * Feed a file chunk by chunk; `result` is set once build info is found. The header string also
 * occurs in binaries that link `debug/buildinfo`, so a candidate that does not parse is skipped
 * and the search goes on.
 */
export class GoBuildInfoScanner {
  result: GoBuildInfo | undefined;
  private tail: Buffer = Buffer.alloc(0);
  private capture: Buffer | undefined;
  private finished = false;

  push(chunk: Buffer): void {
    if (this.finished) return;
    if (this.capture !== undefined) {
      this.capture = Buffer.concat([this.capture, chunk]);
      this.tryCapture();
      return;
    }
    this.search(this.tail.length === 0 ? chunk : Buffer.concat([this.tail, chunk]));
  }

  get done(): boolean {
    return this.finished;
  }

  private search(buffer: Buffer): void {
    const at = buffer.indexOf(MAGIC);
    if (at === -1) {
      this.tail = Buffer.from(buffer.subarray(Math.max(0, buffer.length - (MAGIC.length - 1))));
      return;
    }
    this.capture = buffer.subarray(at);
    this.tryCapture();
  }

  private tryCapture(): void {
    const capture = this.capture!;
    const attempt = parseBuildInfoAt(capture);
    if (attempt.status === "ok") {
      this.result = attempt.info;
      this.finished = true;
      this.capture = undefined;
    } else if (attempt.status === "invalid" || capture.length > MAX_INFO_BYTES + HEADER_BYTES + 16) {
      this.capture = undefined;
      this.tail = Buffer.alloc(0);
      this.search(capture.subarray(1));
    }
  }
}
