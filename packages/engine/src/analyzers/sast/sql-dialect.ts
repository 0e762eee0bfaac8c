// Which bind-parameter placeholder a query call takes, from evidence in the file: the database
// drivers it imports and the placeholders its other queries already use. A fix with the wrong
// placeholder is a broken query, so missing or conflicting evidence means no fix (advice only).
import type { LanguageName, SastModel } from "./model.ts";

export type Placeholder = "?" | "$n" | "%s";

/**
 * Module names (matched whole) and the placeholder their query API takes; `null` marks a library
 * whose query call has another shape (SQLAlchemy `text()`, Sequelize `replacements`, knex,
 * better-sqlite3, GORM), so any fix in that file would be a guess.
 */
const DRIVERS: Partial<Record<LanguageName, readonly [RegExp, Placeholder | null][]>> = {
  javascript: [
    [/^(?:pg|pg-pool|pg-promise|@neondatabase\/serverless|@vercel\/postgres)$/, "$n"],
    [/^(?:mysql|mysql2|mysql2\/promise|sqlite3|sqlite)$/, "?"],
    [/^(?:knex|sequelize|better-sqlite3|postgres|@prisma\/client|typeorm|drizzle-orm(?:\/.*)?)$/, null],
  ],
  python: [
    [/^(?:psycopg2|psycopg|pymysql|MySQLdb|mysql\.connector|pg8000|django\.db)(?:\.|$)/, "%s"],
    [/^(?:sqlite3|aiosqlite)(?:\.|$)/, "?"],
    [/^(?:sqlalchemy|flask_sqlalchemy|asyncpg|peewee|pandas)(?:\.|$)/, null],
  ],
  go: [
    [/^(?:github\.com\/lib\/pq|github\.com\/jackc\/pgx(?:\/v\d+)?(?:\/stdlib)?)$/, "$n"],
    [/^(?:github\.com\/go-sql-driver\/mysql|github\.com\/mattn\/go-sqlite3|modernc\.org\/sqlite)$/, "?"],
    [/^(?:gorm\.io\/gorm|github\.com\/jinzhu\/gorm)$/, null],
  ],
};

/**
 * Query methods whose next argument is the bind values in the shape the fix writes (an array in
 * JS, a tuple in Python, variadic in Go). `prepare` (better-sqlite3 takes no values), `exec`
 * (sqlite3's takes a callback) and `executemany`/`executescript` are not among them.
 */
const METHODS: Partial<Record<LanguageName, RegExp>> = {
  javascript: /\.(?:query|execute|run|all|get)$/,
  python: /\.execute$/,
  go: /\.(?:Query|QueryRow|Exec|Queryx|QueryRowx|MustExec)$/,
};

/** The sqlite3 module's `run/all/get` take values; pg's and mysql's clients have no such methods. */
const SQLITE_ONLY = /\.(?:run|all|get)$/;

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
  const methods = METHODS[language];
  if (!drivers || !methods?.test(callee)) return undefined;
  if (language === "python" && /(?:^|\.)session\.execute$/.test(callee)) return undefined; // SQLAlchemy
  const text = model.file.text;
  const evidence = new Set<Placeholder | null>();
  for (const name of moduleNames(language, text)) {
    for (const [pattern, placeholder] of drivers) if (pattern.test(name)) evidence.add(placeholder);
  }
  for (const placeholder of existingPlaceholders(language, text)) evidence.add(placeholder);
  if (evidence.size !== 1 || evidence.has(null)) return undefined;
  const [placeholder] = [...evidence] as Placeholder[];
  if (language === "javascript" && SQLITE_ONLY.test(callee)) {
    const sqlite = moduleNames(language, text).some((name) => name === "sqlite3" || name === "sqlite");
    if (!sqlite) return undefined;
  }
  return placeholder;
}
