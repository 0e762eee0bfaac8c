// Which bind-parameter placeholder a query call takes, from evidence in the file: the database
// drivers it imports and the placeholders its other queries already use. A fix with the wrong
// placeholder is a broken query, so missing or conflicting evidence means no fix (advice only).
import type { LanguageName, SastModel } from "./model.ts";

export type Placeholder = "?" | "$n" | "%s";

interface Driver {
  /** Module names, matched whole. */
  modules: RegExp;
  /** `null`: the library's query call has another shape (SQLAlchemy `text()`, Sequelize
   * `replacements`, knex, better-sqlite3, GORM), so any fix in that file would be a guess. */
  placeholder: Placeholder | null;
  /** Its query methods whose next argument is the values in the shape the fix writes (an array in
   * JS, a tuple in Python, variadic in Go): not better-sqlite3's `prepare`, sqlite3's `exec`
   * (a callback), `executemany`/`executescript`, or pg's nonexistent `execute`. */
  methods: RegExp;
}

const GO_METHODS = /\.(?:Query|QueryRow|Exec|Queryx|QueryRowx|MustExec)$/;
const PY_METHODS = /\.execute$/;
const NONE = /$^/;

const DRIVERS: Partial<Record<LanguageName, readonly Driver[]>> = {
  javascript: [
    {
      modules: /^(?:pg|pg-pool|pg-promise|@neondatabase\/serverless|@vercel\/postgres)$/,
      placeholder: "$n",
      methods: /\.query$/,
    },
    { modules: /^(?:mysql|mysql2|mysql2\/promise)$/, placeholder: "?", methods: /\.(?:query|execute)$/ },
    { modules: /^(?:sqlite3|sqlite)$/, placeholder: "?", methods: /\.(?:run|all|get)$/ },
    {
      modules: /^(?:knex|sequelize|better-sqlite3|postgres|@prisma\/client|typeorm|drizzle-orm(?:\/.*)?)$/,
      placeholder: null,
      methods: NONE,
    },
  ],
  python: [
    {
      modules: /^(?:psycopg2|psycopg|pymysql|MySQLdb|mysql\.connector|pg8000|django\.db)(?:\.|$)/,
      placeholder: "%s",
      methods: PY_METHODS,
    },
    { modules: /^(?:sqlite3|aiosqlite)(?:\.|$)/, placeholder: "?", methods: PY_METHODS },
    {
      modules: /^(?:sqlalchemy|flask_sqlalchemy|asyncpg|peewee|pandas)(?:\.|$)/,
      placeholder: null,
      methods: NONE,
    },
  ],
  go: [
    {
      modules: /^(?:github\.com\/lib\/pq|github\.com\/jackc\/pgx(?:\/v\d+)?(?:\/stdlib)?)$/,
      placeholder: "$n",
      methods: GO_METHODS,
    },
    {
      modules: /^(?:github\.com\/go-sql-driver\/mysql|github\.com\/mattn\/go-sqlite3|modernc\.org\/sqlite)$/,
      placeholder: "?",
      methods: GO_METHODS,
    },
    { modules: /^(?:gorm\.io\/gorm|github\.com\/jinzhu\/gorm)$/, placeholder: null, methods: NONE },
  ],
};

/** Query methods trusted when only other queries' placeholders (a project wrapper) are the evidence. */
const WRAPPER_METHODS: Partial<Record<LanguageName, RegExp>> = {
  javascript: /\.(?:query|execute)$/,
  python: PY_METHODS,
  go: GO_METHODS,
};

function moduleNames(language: LanguageName, text: string): string[] {
  const names: string[] = [];
  const patterns =
    language === "python"
      ? [/^[ \t]*import[ \t]+([\w.]+)/gm, /^[ \t]*from[ \t]+([\w.]+)[ \t]+import\b/gm]
      : language === "go"
        ? [/^[ \t]*(?:import[ \t]+)?(?:[\w.]+[ \t]+)?"([^"\s]+)"[ \t]*$/gm]
        : [
            /\brequire\(\s*["']([^"']+)["']\s*\)/g,
            /\bfrom\s+["']([^"']+)["']/g,
            /^\s*import\s+["']([^"']+)["']/gm,
          ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.push(match[1]!);
  return names;
}

const SQL_START = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE)\b/i;

/** Placeholders already written in SQL string literals (not `%` format strings in Python). */
function existingPlaceholders(language: LanguageName, text: string): Set<Placeholder> {
  const found = new Set<Placeholder>();
  for (const match of text.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1(\s*%)?/g)) {
    const body = match[2]!;
    if (!SQL_START.test(body) || /\$\{/.test(body)) continue;
    if (/\$\d/.test(body)) found.add("$n");
    if (/\?/.test(body)) found.add("?");
    if (language === "python" && /%s/.test(body) && !match[3]) found.add("%s");
  }
  return found;
}

/** The placeholder for a fix of the query call `callee`, or undefined when the file does not say. */
export function placeholderFor(model: SastModel, callee: string): Placeholder | undefined {
  const language =
    model.language === "typescript" || model.language === "tsx" ? "javascript" : model.language;
  const drivers = DRIVERS[language];
  const wrapperMethods = WRAPPER_METHODS[language];
  if (!drivers || !wrapperMethods) return undefined;
  if (language === "python" && /(?:^|\.)session\.execute$/.test(callee)) return undefined; // SQLAlchemy
  const text = model.file.text;
  // Every piece of evidence must name the same placeholder and accept values on this method.
  const evidence: { placeholder: Placeholder | null; methods: RegExp }[] = [];
  for (const name of moduleNames(language, text)) {
    for (const driver of drivers) if (driver.modules.test(name)) evidence.push(driver);
  }
  for (const placeholder of existingPlaceholders(language, text))
    evidence.push({ placeholder, methods: wrapperMethods });
  const placeholders = new Set(evidence.map((item) => item.placeholder));
  if (placeholders.size !== 1 || placeholders.has(null)) return undefined;
  if (!evidence.every((item) => item.methods.test(callee))) return undefined;
  return evidence[0]!.placeholder ?? undefined;
}
