// Numbers as the site writes them: a score or a change with its sign, and a true minus sign
// (U+2212) wherever a number below zero is shown, never the hyphen.

/** "+1", "0", "−2"; with `digits`, that many decimals: "+0.50", "−1.25". */
export function signed(n, digits = null) {
  const text = digits == null ? String(n) : n.toFixed(digits);
  return n > 0 ? `+${text}` : text.replace("-", "−");
}
