// Numbers as the site writes them: a score or a change with its sign, and a true minus sign
// (U+2212) wherever a number below zero is shown, never the hyphen.

/** "+1", "0", "−2". */
export const signed = (n) => (n > 0 ? `+${n}` : String(n).replace("-", "−"));
