// Counts in sentences, for the server's narratives and the web's labels alike: the one place where
// a number chooses the form of the words after it ("1 finding was", "2 findings were").

/** The form of `one`/`many` that agrees with `count`; `many` defaults to `one` + "s". */
export function pluralForm(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/**
 * A count with its words in the right number: plural(1, "file") is "1 file", plural(3, "file") is
 * "3 files". The words may carry their verb: plural(n, "requirement passes", "requirements pass").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${pluralForm(count, one, many)}`;
}
