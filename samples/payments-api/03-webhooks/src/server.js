const express = require("express");
const config = require("./config");
const { requireAuth, requireRole } = require("./middleware/auth");
const payments = require("./routes/payments");
const refunds = require("./routes/refunds");
const reports = require("./routes/reports");
const webhooks = require("./routes/webhooks");

const app = express();
app.disable("x-powered-by");
// Stripe signs the raw body, so the webhook route is mounted before the JSON parser.
app.use("/webhooks", express.raw({ type: "application/json", limit: "1mb" }), webhooks);
app.use(express.json({ limit: "100kb" }));

app.get("/healthz", (req, res) => res.json({ ok: true }));

app.use("/payments", requireAuth, payments);
app.use("/refunds", requireAuth, refunds);
app.use("/reports", requireAuth, requireRole("finance"), reports);

// eslint-disable-next-line no-unused-vars
app.use((err, req, res, next) => {
  console.error(err);
  res.status(err instanceof RangeError ? 400 : 500).json({ error: err.message });
});

if (require.main === module) {
  app.listen(config.port, () => console.log(`payments-api listening on :${config.port}`));
}

module.exports = app;
