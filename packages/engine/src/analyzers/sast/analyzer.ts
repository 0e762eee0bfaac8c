// Static analysis of application code: JavaScript/TypeScript (JSX/TSX), Python, Go and Java are
// parsed once with ast-grep; a taint engine follows untrusted input to injection sinks and
// pattern rules find dangerous constructs (weak crypto, disabled TLS checks, unsafe loaders).
import { defineAnalyzer } from "../../analyzer.ts";
import { parseSource, registerLanguages, type SastModel } from "./model.ts";
import { sastRules } from "./rules/index.ts";

export const sastAnalyzer = defineAnalyzer<SastModel>({
  id: "sast",
  title: "Application code (SAST)",
  description:
    "Parses JavaScript, TypeScript (JSX/TSX), Python, Go and Java with real grammars (ast-grep). A taint engine follows request data, route parameters and command-line arguments through assignments, string building, containers, object fields and calls within a file and into functions of other files of the same package (function summaries, cached by file hash) to SQL, NoSQL, shell, eval, file, URL, redirect, HTML, LDAP and XPath sinks, stopped by sanitizers, parameterised APIs, allow-list checks and constant-false branches; pattern rules (and text rules over Jinja2, Django, EJS, Handlebars and Mustache templates) find weak hashing, ciphers, key sizes and TLS versions, weak randomness for secrets, insecure cookies, disabled TLS or SSH host verification, hard-coded credentials, XXE-prone parsers, unsafe deserialization, unescaped HTML and templates, shell commands and SQL built at run time, debug modes, insecure temporary files, permissive file modes and the other checks Python teams run bandit for.",
  accepts: ["javascript", "typescript", "python", "go", "java", "html-template"],
  prepare: registerLanguages,
  parse: parseSource,
  rules: sastRules,
});
