// Refunds, for the support dashboard.
const express = require("express");
const db = require("../db");

const router = express.Router();

// GET /refunds/:id
router.get("/:id", async (req, res, next) => {
  try {
    const { rows } = await db.query("SELECT id, payment_id, amount, reason, created_at FROM refunds WHERE id = $1", [
      req.params.id,
    ]);
    if (rows.length === 0) return res.status(404).json({ error: "not found" });
    res.json(rows[0]);
  } catch (err) {
    next(err);
  }
});

// GET /refunds?payment=<payment id>
// Support looks refunds up by the payment a customer quotes.
router.get("/", async (req, res, next) => {
  try {
    const { rows } = await db.query(
      "SELECT id, amount, reason, created_at FROM refunds WHERE payment_id = '" + req.query.payment + "' ORDER BY created_at",
    );
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

module.exports = router;
