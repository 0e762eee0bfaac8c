// Writes container images from files, for tests, benchmarks and the server's demo images: `docker save` archives (current
// OCI-style and legacy `<id>/layer.tar`), OCI layout directories and OCI layout tars. Layers are
// written to temporary blobs while hashed, so large images never sit in memory.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";

export interface LayerFile {
  path: string;
  /** File content; a directory or symlink has none. */
  content?: string | Buffer;
  mode?: number;
  type?: "file" | "directory" | "symlink";
  linkname?: string;
}

export interface LayerSpec {
  files: Iterable<LayerFile> | AsyncIterable<LayerFile>;
  compression: "gzip" | "zstd" | "none";
  /** The history line of the instruction that made it. */
  createdBy?: string;
  /** The blob as stored, already compressed as `compression` says (hostile layers); `files` is then ignored. */
  blob?: Buffer;
}

export interface ImageSpec {
  format: "docker-save" | "docker-legacy" | "oci-dir" | "oci-tar";
  layers: LayerSpec[];
  labels?: Record<string, string>;
  repoTag?: string;
  /** Empty-layer history entries (ENV, LABEL) placed before the layers' own. */
  emptyHistory?: string[];
}

const MEDIA_TYPES = {
  gzip: "application/vnd.oci.image.layer.v1.tar+gzip",
  zstd: "application/vnd.oci.image.layer.v1.tar+zstd",
  none: "application/vnd.oci.image.layer.v1.tar",
};

function header(file: LayerFile, size: number): tar.Header {
  const type = file.type ?? "file";
  const base: Partial<tar.Header> = {
    name: file.path,
    mode: file.mode ?? (type === "directory" ? 0o755 : 0o644),
    type,
  };
  if (type === "file") base.size = size;
  if (type === "symlink") base.linkname = file.linkname ?? "";
  base.mtime = new Date(0);
  return base as tar.Header;
}

/** A tar stream of `files`, produced as it is read. */
export function tarOf(files: Iterable<LayerFile> | AsyncIterable<LayerFile>): Readable {
  const pack = tar.pack();
  (async () => {
    for await (const file of files) {
      const content = file.content === undefined ? Buffer.alloc(0) : Buffer.from(file.content);
      await new Promise<void>((resolve, reject) => {
        const done = (error?: Error | null) => (error ? reject(error) : resolve());
        if ((file.type ?? "file") === "file") pack.entry(header(file, content.length), content, done);
        else pack.entry(header(file, 0), done);
      });
      // Keep the pack from buffering ahead of its reader (large bench layers).
      while (
        (pack as unknown as { _readableState: { buffered: number } })._readableState?.buffered >
        4 * 1024 * 1024
      ) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    pack.finalize();
  })().catch((error) => pack.destroy(error));
  return Readable.from(pack as AsyncIterable<Buffer>);
}

/** zstd frames of raw (stored) blocks: valid zstd that any decoder reads, made without an encoder. */
export function zstdStored(): Transform {
  let started = false;
  let pending = Buffer.alloc(0);
  const block = (data: Buffer, last: boolean) => {
    const head = Buffer.alloc(3);
    head.writeUIntLE((data.length << 3) | (last ? 1 : 0), 0, 3);
    return Buffer.concat([head, data]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!started) {
        started = true;
        // magic, frame header descriptor (no content size, no checksum), window 128 KiB
        this.push(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]));
      }
      pending = Buffer.concat([pending, chunk]);
      while (pending.length > 65536) {
        this.push(block(pending.subarray(0, 65536), false));
        pending = pending.subarray(65536);
      }
      callback();
    },
    flush(callback) {
      if (!started) this.push(Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]));
      this.push(block(pending, true));
      callback();
    },
  });
}

interface Blob {
  path: string;
  digest: string;
  size: number;
}

async function writeBlob(directory: string, source: Readable, transforms: Transform[]): Promise<Blob> {
  const hash = createHash("sha256");
  let size = 0;
  const temporary = join(directory, `tmp-${Math.random().toString(36).slice(2)}`);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline([source, ...transforms, counter, createWriteStream(temporary)]);
  const hex = hash.digest("hex");
  const path = join(directory, "blobs", "sha256", hex);
  await mkdir(dirname(path), { recursive: true });
  await rename(temporary, path);
  return { path, digest: `sha256:${hex}`, size };
}

async function writeJsonBlob(directory: string, value: unknown): Promise<Blob> {
  return writeBlob(directory, Readable.from([Buffer.from(JSON.stringify(value))]), []);
}

/** Writes the image to `out` (a file, or a directory for `oci-dir`). */
export async function writeImage(out: string, spec: ImageSpec): Promise<void> {
  const directory = spec.format === "oci-dir" ? out : await mkdtemp(join(tmpdir(), "rampart-image-"));
  try {
    await mkdir(join(directory, "blobs", "sha256"), { recursive: true });
    const layers: (Blob & { mediaType: string; diffId: string })[] = [];
    for (const layer of spec.layers) {
      const diff = createHash("sha256");
      const differ = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          diff.update(chunk);
          callback(null, chunk);
        },
      });
      const compressors =
        layer.compression === "gzip"
          ? [createGzip({ level: 1 })]
          : layer.compression === "zstd"
            ? [zstdStored()]
            : [];
      const blob = layer.blob
        ? await writeBlob(directory, Readable.from([layer.blob]), [differ])
        : await writeBlob(directory, tarOf(layer.files), [differ, ...compressors]);
      layers.push({
        ...blob,
        mediaType: MEDIA_TYPES[layer.compression],
        diffId: `sha256:${diff.digest("hex")}`,
      });
    }
    const history = [
      ...(spec.emptyHistory ?? []).map((createdBy) => ({
        created: "2024-01-01T00:00:00Z",
        created_by: createdBy,
        empty_layer: true,
      })),
      ...spec.layers.map((layer, index) => ({
        created: "2024-01-01T00:00:00Z",
        created_by: layer.createdBy ?? `layer ${index}`,
      })),
    ];
    const config = await writeJsonBlob(directory, {
      architecture: "amd64",
      os: "linux",
      created: "2024-01-01T00:00:00Z",
      config: { Labels: spec.labels ?? {} },
      rootfs: { type: "layers", diff_ids: layers.map((layer) => layer.diffId) },
      history,
    });
    const manifest = await writeJsonBlob(directory, {
      schemaVersion: 2,
      mediaType: "application/vnd.oci.image.manifest.v1+json",
      config: {
        mediaType: "application/vnd.oci.image.config.v1+json",
        digest: config.digest,
        size: config.size,
      },
      layers: layers.map((layer) => ({ mediaType: layer.mediaType, digest: layer.digest, size: layer.size })),
    });
    const relative = (blob: Blob) => `blobs/sha256/${blob.digest.slice(7)}`;
    const annotations = spec.repoTag ? { "org.opencontainers.image.ref.name": spec.repoTag } : undefined;
    await writeFile(
      join(directory, "index.json"),
      JSON.stringify({
        schemaVersion: 2,
        mediaType: "application/vnd.oci.image.index.v1+json",
        manifests: [
          {
            mediaType: "application/vnd.oci.image.manifest.v1+json",
            digest: manifest.digest,
            size: manifest.size,
            ...(annotations ? { annotations } : {}),
          },
        ],
      }),
    );
    await writeFile(join(directory, "oci-layout"), JSON.stringify({ imageLayoutVersion: "1.0.0" }));
    if (spec.format === "oci-dir") return;

    // Archive members: blobs first, then the small files (docker save writes manifest.json last).
    const members: { name: string; path: string }[] = [];
    if (spec.format === "docker-legacy") {
      for (const [index, layer] of layers.entries()) {
        members.push({ name: `layer${index}/layer.tar`, path: layer.path });
      }
      members.push({ name: `${config.digest.slice(7)}.json`, path: config.path });
      const legacyManifest = [
        {
          Config: `${config.digest.slice(7)}.json`,
          RepoTags: spec.repoTag ? [spec.repoTag] : [],
          Layers: layers.map((_, index) => `layer${index}/layer.tar`),
        },
      ];
      await writeFile(join(directory, "manifest.json"), JSON.stringify(legacyManifest));
      members.push({ name: "manifest.json", path: join(directory, "manifest.json") });
    } else {
      for (const name of await readdir(join(directory, "blobs", "sha256"))) {
        members.push({ name: `blobs/sha256/${name}`, path: join(directory, "blobs", "sha256", name) });
      }
      members.push({ name: "index.json", path: join(directory, "index.json") });
      members.push({ name: "oci-layout", path: join(directory, "oci-layout") });
      if (spec.format === "docker-save") {
        const dockerManifest = [
          {
            Config: relative(config),
            RepoTags: spec.repoTag ? [spec.repoTag] : [],
            Layers: layers.map(relative),
          },
        ];
        await writeFile(join(directory, "manifest.json"), JSON.stringify(dockerManifest));
        members.push({ name: "manifest.json", path: join(directory, "manifest.json") });
      }
    }
    const pack = tar.pack();
    const writing = pipeline(Readable.from(pack as AsyncIterable<Buffer>), createWriteStream(out));
    for (const member of members) {
      const { size } = await stat(member.path);
      await new Promise<void>((resolve, reject) => {
        const entry = pack.entry(
          { name: member.name, size, mode: 0o644, mtime: new Date(0) } as tar.Header,
          (error) => (error ? reject(error) : resolve()),
        );
        pipeline(createReadStream(member.path), entry as unknown as NodeJS.WritableStream).catch(reject);
      });
    }
    pack.finalize();
    await writing;
  } finally {
    if (spec.format !== "oci-dir") await rm(directory, { recursive: true, force: true });
  }
}
