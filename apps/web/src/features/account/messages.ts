/**
 * The spec's "alert": a browser dialog, as the original portal showed it. One function, so the
 * way alerts look can change in one place. The spec's texts for calls that fail (section 8) are
 * the catalogue's `callFailed.*` keys, word for word, quirks included; a refusal with a text (4xx)
 * is shown in the form's red alert instead.
 */
export function alertUser(text: string): void {
  window.alert(text);
}
