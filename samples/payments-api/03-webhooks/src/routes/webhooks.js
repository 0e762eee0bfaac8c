// Stripe webhook receiver. Stripe calls this from the internet, which is why it has its
// own Service (deploy/service-webhooks.yaml).
const crypto = require("crypto");
const express = require("express");
const config = require("../config");
const db = require("../db");

const router = express.Router();
const TOLERANCE_SECONDS = 300;

function verifySignature(payload, header, secret) {
  const parts = Object.fromEntries(String(header || "").split(",").map((kv) => kv.split("=")));
  const timestamp = Number(parts.t);
  if (!timestamp || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  const given = Buffer.from(parts.v1 || "", "hex");
  return given.length === 32 && crypto.timingSafeEqual(given, Buffer.from(expected, "hex"));
}

router.post("/stripe", async (req, res, next) => {
  if (!verifySignature(req.body.toString("utf8"), req.headers["stripe-signature"], config.stripe.webhookSecret)) {
    return res.status(400).json({ error: "bad signature" });
  }
  try {
    const event = JSON.parse(req.body.toString("utf8"));
    if (event.type === "payment_intent.succeeded") {
      await db.query("UPDATE payments SET status = 'succeeded' WHERE provider_id = $1", [event.data.object.id]);
    } else if (event.type === "charge.refunded") {
      await db.query("UPDATE payments SET status = 'refunded' WHERE provider_id = $1", [event.data.object.payment_intent]);
    }
    res.json({ received: true });
  } catch (err) {
    next(err);
  }
});

module.exports = router;
