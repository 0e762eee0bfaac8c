// Which grammar parses a file, from its name alone: the scan asks it before any parser is loaded.
import type { FileKind } from "../../analyzer.ts";

export type LanguageName = "javascript" | "typescript" | "tsx" | "python" | "go" | "java" | "template";

/** Template files (Jinja2, Django, Nunjucks, EJS, Handlebars, Mustache, and HTML that may be one). */
export const TEMPLATE_EXTENSION = /\.(?:html?|jinja2?|j2|njk|nunjucks|djhtml|ejs|hbs|handlebars|mustache)$/;

export function languageOf(path: string, kinds: readonly FileKind[] | undefined): LanguageName | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith(".tsx")) return "tsx";
  if (/\.(?:ts|mts|cts)$/.test(lower)) return "typescript";
  if (/\.(?:js|mjs|cjs|jsx)$/.test(lower)) return "javascript";
  if (lower.endsWith(".py")) return "python";
  if (lower.endsWith(".go")) return "go";
  if (lower.endsWith(".java")) return "java";
  if (TEMPLATE_EXTENSION.test(lower)) return "template";
  if (kinds?.includes("javascript")) return "javascript";
  if (kinds?.includes("typescript")) return "typescript";
  return undefined;
}
