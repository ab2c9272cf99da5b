// What this tab remembers across a reload of the table (sessionStorage): the order each hand
// was laid out in, the hands a spectator turned over. Nothing is kept once the tab closes.

const PREFIX = "twentynine-";

/** The value saved under `key`, or null (none, no storage in a private window, or damaged). */
export function recall(key) {
  try {
    return JSON.parse(window.sessionStorage.getItem(PREFIX + key) || "null");
  } catch {
    return null;
  }
}

/** Save `value` (JSON) under `key`; without storage it holds only until the page reloads. */
export function remember(key, value) {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // No storage: nothing to do.
  }
}
