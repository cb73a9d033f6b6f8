import type { SelectOption } from './Select';

/** Spec 000 section 5: CRLF first, so "a\r\nb" is two values and not three. */
const pasteSeparators = /\r\n|\n|,|\t|;/;

/**
 * The values of text pasted into a multiple select: split on comma, CRLF, LF, tab and semicolon,
 * trimmed, empty pieces dropped, repeats dropped. `"a, b;c\td\r\ne\nb"` is `[a, b, c, d, e]`.
 */
export function splitPastedText(text: string): string[] {
  const pieces = text
    .split(pasteSeparators)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  return [...new Set(pieces)];
}

/**
 * The option values a paste stands for. A piece matches an option by value or by label and gives
 * that option's value; a piece without a match is kept as itself only when the select permits new
 * options. With options `[{value: "1", label: "One"}]`, pasting "One,2" gives `["1"]`, or
 * `["1", "2"]` when new options are allowed.
 */
export function pastedOptionValues(text: string, options: readonly SelectOption[], allowsNewOptions: boolean): string[] {
  const values = splitPastedText(text).flatMap((piece) => {
    const match = options.find((option) => option.value === piece) ?? options.find((option) => option.label === piece);
    if (match !== undefined) return [match.value];
    return allowsNewOptions ? [piece] : [];
  });
  return [...new Set(values)];
}
