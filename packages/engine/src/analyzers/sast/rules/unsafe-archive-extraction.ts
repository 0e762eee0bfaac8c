import { definePatternRule } from "../pattern-rule.ts";

export const unsafeArchiveExtraction = definePatternRule({
  hazard: "unsafe-archive-extraction",
  category: "security",
  title: "Archive extracted without path checks",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [22],
  controls: ["SAST-PATH-01"],
  fixable: false,
  docs: {
    summary:
      "`TarFile.extractall()` or `extract()` of an archive opened with `tarfile` runs without a `filter=` argument. Go: a zip or tar entry name joined to a path (`filepath.Join(dest, f.Name)`) in a file with no prefix check (zip slip), and `io.Copy`/`io.ReadAll` of a decompressing reader (gzip, zlib, flate, bzip2, lzw, zstd, a zip entry) without `io.LimitReader` or `io.CopyN` (decompression bomb).",
    whyItMatters:
      "A member named `../../etc/cron.d/x`, an absolute path or a link lets the archive write files anywhere the process can (Tar slip).",
    remediation:
      'Pass `filter="data"` (Python 3.12+, and backported to security releases), or check each member\'s resolved path stays under the target directory. Go: after `filepath.Join`, require `strings.HasPrefix(target, filepath.Clean(dest)+string(os.PathSeparator))` (or `filepath.IsLocal(name)`), and copy through `io.LimitReader` (or `io.CopyN`) with a size cap.',
    example: 'with tarfile.open(path) as archive:\n    archive.extractall(target, filter="data")',
  },
});
