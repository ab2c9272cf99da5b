// Saving a signed-in person's preferences from a page's script (the header's theme button, the
// table's Preferences dialog): POST /account/preferences/ with the ones that change; the server
// keeps the rest (accounts/preferences.py) and answers with all of them.

/** The page's CSRF token (every page has a form that carries one: the language menu). */
function csrfToken() {
  const input = document.querySelector("input[name='csrfmiddlewaretoken']");
  if (input) return input.value;
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  return cookie ? cookie.slice("csrftoken=".length) : "";
}

/** Save `values` (name -> value) at `url`; the saved preferences, or an Error saying why not. */
export async function savePreferences(url, values) {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, String(value));
  const response = await fetch(url, {
    method: "POST",
    body,
    credentials: "same-origin",
    headers: { "X-CSRFToken": csrfToken(), Accept: "application/json" },
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer.preferences;
}
