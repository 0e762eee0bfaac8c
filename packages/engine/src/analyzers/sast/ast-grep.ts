// ast-grep's Node binding and the grammars the SAST analyzer registers, required rather than
// imported. They are CommonJS, and Node's ESM loader reads a CommonJS module's source a second
// time to find its exports (cjs-module-lexer) and loads it through its asynchronous pipeline:
// `import` of @ast-grep/napi measured about 15 ms of CPU where `require` took 5.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const napi = require("@ast-grep/napi") as typeof import("@ast-grep/napi");

export const parseTree = napi.parse;
export const registerDynamicLanguage = napi.registerDynamicLanguage;

/** The grammars ast-grep does not build in, as their packages describe them. */
export function dynamicGrammars(): Record<"python" | "go" | "java", unknown> {
  return {
    python: require("@ast-grep/lang-python"),
    go: require("@ast-grep/lang-go"),
    java: require("@ast-grep/lang-java"),
  };
}
