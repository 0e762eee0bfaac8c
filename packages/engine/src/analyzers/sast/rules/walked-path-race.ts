import { definePatternRule } from "../pattern-rule.ts";

export const walkedPathRace = definePatternRule({
  hazard: "walked-path-race",
  category: "security",
  title: "Path from filepath.Walk changed through a call that follows symbolic links",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [367, 59],
  controls: [],
  fixable: false,
  docs: {
    summary:
      'Go: inside a function literal passed to `filepath.Walk` or `filepath.WalkDir`, the callback\'s path (as it is, `path + ".bak"`, `filepath.Join(path, …)`, or a name declared from one of these) is removed, chmodded, chowned, truncated, renamed, created or opened for writing with an `os` function. Reading it, and calls on an `os.Root`, are not reported.',
    whyItMatters:
      "The walk looked at the entry (without following links) a moment before the call; the call resolves the path again and follows symbolic links in every component. Whoever can write in the walked tree (a shared upload or temporary directory, another user's home) replaces a directory with a link between the two, and the cleanup job running as root deletes or chmods files outside the tree.",
    remediation:
      "Open the tree once with `os.OpenRoot` (Go 1.24) and act through the root (`root.Remove`, `root.OpenFile`, `root.Chmod`): it resolves each path inside the directory and refuses links that leave it. On older Go, walk with file descriptors (`openat` with `O_NOFOLLOW`, as `os.RemoveAll` does internally) or only walk trees no other user can write.",
    example:
      'root, err := os.OpenRoot(dir)\nif err != nil {\n\treturn err\n}\ndefer root.Close()\nreturn fs.WalkDir(root.FS(), ".", func(path string, d fs.DirEntry, err error) error {\n\tif err != nil || d.IsDir() {\n\t\treturn err\n\t}\n\treturn root.Remove(path)\n})',
    references: ["https://pkg.go.dev/os#Root", "https://go.dev/blog/osroot"],
  },
});
