// The page's words in the reader's language. Django's JavaScriptCatalog (/jsi18n/, a classic
// script each page loads before its modules) defines gettext, ngettext and interpolate from the
// djangojs catalogues, locale/<lang>/LC_MESSAGES/djangojs.po; this module hands them on. A
// sentence is one string with named placeholders, never English pieces glued together:
//   fmt(gettext("%(name)s bids %(value)s"), { name, value })
// Without a catalogue (the modules' own tests load none) the English msgids are the words.

const catalogue = globalThis;

export function gettext(msgid) {
  return catalogue.gettext ? catalogue.gettext(msgid) : msgid;
}

export function ngettext(singular, plural, count) {
  if (catalogue.ngettext) return catalogue.ngettext(singular, plural, count);
  return count === 1 ? singular : plural;
}

/** A word whose sense needs its context (a trick's "led" card), as Django's pgettext. */
export function pgettext(context, msgid) {
  return catalogue.pgettext ? catalogue.pgettext(context, msgid) : msgid;
}

/** Fill the named placeholders of a translated format: "%(name)s" takes values.name. */
export function fmt(format, values) {
  return format.replace(/%\((\w+)\)s|%%/g, (whole, key) => {
    if (whole === "%%") return "%"; // a literal per cent sign, as in Python's formats
    return key in values ? String(values[key]) : whole;
  });
}

/** Several choices in one phrase: "A or B or C", in the reader's language. */
export function orList(items) {
  return items.reduce((all, item) => fmt(gettext("%(first)s or %(second)s"), { first: all, second: item }));
}
