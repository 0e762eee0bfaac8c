#!/usr/bin/env node
// Exports one month of the payments ledger as CSV to stdout.
//   node scripts/export-ledger.js --month 2021-03 [--format csv|json]
const argv = require("minimist")(process.argv.slice(2));
const db = require("../src/db");

async function main() {
  const month = argv.month;
  if (!/^\d{4}-\d{2}$/.test(month || "")) {
    console.error("usage: export-ledger --month YYYY-MM");
    process.exit(2);
  }
  const { rows } = await db.query(
    "SELECT id, customer_id, amount, currency, status, created_at FROM payments WHERE to_char(created_at, 'YYYY-MM') = $1 ORDER BY created_at",
    [month],
  );
  if (argv.format === "json") {
    process.stdout.write(JSON.stringify(rows, null, 2));
  } else {
    process.stdout.write("id,customer_id,amount,currency,status,created_at\n");
    for (const r of rows) {
      process.stdout.write(`${r.id},${r.customer_id},${r.amount},${r.currency},${r.status},${r.created_at.toISOString()}\n`);
    }
  }
  await db.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
