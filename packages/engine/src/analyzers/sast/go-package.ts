// Go: a package is a folder of files. What one file needs from its neighbours (a constant they
// declare, a function they define) is read through the scan's bounded sibling reader, once per file.
import { folderOf } from "../../source.ts";
import type { SastModel } from "./model.ts";

/** Bound on hostile input: sibling files read per file. */
const MAX_SIBLINGS = 24;

/** The text of this file and of the other non-test `.go` files of its folder (one package). */
export function packageTexts(model: SastModel): string[] {
  const cached = model.cache.get("go-package-texts") as string[] | undefined;
  if (cached) return cached;
  const path = model.file.path;
  const folder = folderOf(path);
  const self = path.slice(folder === "" ? 0 : folder.length + 1);
  const names = (model.file.listFolder?.(folder) ?? [])
    .filter((name) => name.endsWith(".go") && !name.endsWith("_test.go") && name !== self)
    .slice(0, MAX_SIBLINGS);
  const texts = [model.file.text];
  for (const name of names) {
    const text = model.file.readSibling(folder === "" ? name : `${folder}/${name}`);
    if (text !== undefined) texts.push(text);
  }
  model.cache.set("go-package-texts", texts);
  return texts;
}

/**
 * The literal a package-level `const name = "…"` (or a line of a `const (…)` block) of another
 * file of the package gives the name; undefined when none does. Constants cannot be reassigned.
 */
export function siblingConstant(model: SastModel, name: string): string | undefined {
  if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
  const single = new RegExp(`^const\\s+${name}(?:\\s+[\\w.]+)?\\s*=\\s*(.+)$`, "m");
  const line = new RegExp(`^\\s*${name}(?:\\s+[\\w.]+)?\\s*=\\s*(.+)$`, "m");
  for (const text of packageTexts(model).slice(1)) {
    const found = single.exec(text)?.[1];
    if (found) return found.trim();
    for (const block of text.matchAll(/^const\s*\(([^)]*)\)/gm)) {
      const inBlock = line.exec(block[1]!)?.[1];
      if (inBlock) return inBlock.trim();
    }
  }
  return undefined;
}
