// Amount helpers. Amounts are stored as integer minor units (cents) everywhere.
const SUPPORTED_CURRENCIES = new Set(["eur", "usd", "gbp"]);

function toMinorUnits(amount) {
  const value = Number(amount);
  if (!Number.isFinite(value) || value <= 0) throw new RangeError("amount must be positive");
  return Math.round(value * 100);
}

function formatMinorUnits(cents, currency) {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

function assertCurrency(currency) {
  if (!SUPPORTED_CURRENCIES.has(String(currency).toLowerCase())) {
    throw new RangeError(`unsupported currency: ${currency}`);
  }
}

module.exports = { toMinorUnits, formatMinorUnits, assertCurrency };
