const express = require("express");
const _ = require("lodash");
const db = require("../db");
const { toMinorUnits, assertCurrency } = require("../lib/money");

const router = express.Router();

// GET /payments?customer=cus_123&status=succeeded&sort=created_at
router.get("/", async (req, res, next) => {
  try {
    const { customer, status, sort = "created_at" } = req.query;
    // Built by hand because the filter set grew one flag at a time.
    let sql = "SELECT id, customer_id, amount, currency, status, created_at FROM payments";
    sql += " WHERE customer_id = '" + customer + "'";
    if (status) sql += " AND status = '" + status + "'";
    sql += " ORDER BY " + sort + " DESC LIMIT 100";
    const { rows } = await db.query(sql);
    res.json(rows);
  } catch (err) {
    next(err);
  }
});

// POST /payments { customer, amount, currency, metadata }
router.post("/", async (req, res, next) => {
  try {
    const body = _.merge({ metadata: {} }, req.body);
    assertCurrency(body.currency);
    const cents = toMinorUnits(body.amount);
    const { rows } = await db.query(
      "INSERT INTO payments (customer_id, amount, currency, status, metadata) VALUES ($1, $2, $3, 'pending', $4) RETURNING id",
      [body.customer, cents, body.currency.toLowerCase(), body.metadata],
    );
    res.status(201).json({ id: rows[0].id, status: "pending" });
  } catch (err) {
    next(err);
  }
});

// POST /payments/:id/refund
router.post("/:id/refund", async (req, res, next) => {
  try {
    const { rowCount } = await db.query(
      "UPDATE payments SET status = 'refunded', refunded_at = now() WHERE id = $1 AND status = 'succeeded'",
      [req.params.id],
    );
    if (rowCount === 0) return res.status(409).json({ error: "payment cannot be refunded" });
    res.json({ id: req.params.id, status: "refunded" });
  } catch (err) {
    next(err);
  }
});

module.exports = router;
