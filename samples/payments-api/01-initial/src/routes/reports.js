const express = require("express");
const { exec } = require("child_process");
const path = require("path");

const router = express.Router();
const EXPORT_SCRIPT = path.join(__dirname, "..", "..", "scripts", "export-ledger.js");

// GET /reports/export?month=2021-03
// Shells out to the export script so finance gets exactly what the cron job produces.
router.get("/export", (req, res) => {
  const month = req.query.month;
  exec(`node ${EXPORT_SCRIPT} --month ${month} --format csv`, { timeout: 30000 }, (err, stdout, stderr) => {
    if (err) {
      console.error(stderr);
      return res.status(500).json({ error: "export failed" });
    }
    res.type("text/csv").send(stdout);
  });
});

module.exports = router;
