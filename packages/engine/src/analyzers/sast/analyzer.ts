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
    "Parses JavaScript, TypeScript (JSX/TSX), Python, Go and Java with real grammars (ast-grep). A taint engine follows request data and command-line arguments through assignments, string building, collections and calls within a file to SQL, NoSQL, shell, eval, file, URL, redirect, HTML, LDAP and XPath sinks, stopped by sanitizers, parameterised APIs and allow-list checks; pattern rules find weak hashing and ciphers, weak randomness for secrets, insecure cookies, disabled TLS verification, hard-coded credentials, XXE-prone parsers, unsafe deserialization and unescaped DOM HTML.",
  accepts: ["javascript", "typescript", "python", "go", "java"],
  prepare: registerLanguages,
  parse: parseSource,
  rules: sastRules,
});
