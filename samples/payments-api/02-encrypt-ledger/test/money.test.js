const test = require("node:test");
const assert = require("node:assert");
const { toMinorUnits, formatMinorUnits, assertCurrency } = require("../src/lib/money");

test("converts to minor units", () => {
  assert.strictEqual(toMinorUnits("12.34"), 1234);
  assert.strictEqual(toMinorUnits(0.1 + 0.2), 30);
});

test("rejects non-positive amounts", () => {
  assert.throws(() => toMinorUnits(0), RangeError);
  assert.throws(() => toMinorUnits("abc"), RangeError);
});

test("formats amounts", () => {
  assert.strictEqual(formatMinorUnits(1999, "eur"), "19.99 EUR");
});

test("only supported currencies", () => {
  assert.doesNotThrow(() => assertCurrency("USD"));
  assert.throws(() => assertCurrency("jpy"), RangeError);
});
