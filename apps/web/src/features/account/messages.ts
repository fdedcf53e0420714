/**
 * The spec's alerts for account calls that fail (section 8), word for word, quirks included.
 * A call "fails" when no answer arrives or the server breaks (5xx); a refusal with a text (4xx) is
 * shown in the form's red alert instead.
 */
export const CALL_FAILED = {
  logout: 'oops, somethings went wrong.',
  login: 'Oops, something went wrong, try again later',
  check: 'oops, something went wrong',
  signup: 'Oops, something went wrong',
  forgotPassword: 'Oops, something went wrong, try again later',
  resetPassword: 'Oops, something went wrong',
  verify: 'Something went wrong',
  // My account is beyond the spec; its calls fail with the spec's general wording.
  account: 'Oops, something went wrong, try again later',
} as const;

/** The verify page's success text (spec section 2). */
export const VERIFIED_TEXT = 'Your email has been Verified!, Click the link below to login';

/**
 * The spec's "alert": a browser dialog, as the original portal showed it. One function, so the
 * way alerts look can change in one place.
 */
export function alertUser(text: string): void {
  window.alert(text);
}

/** The /sectors info banner for a logged-in visitor sent away from an account screen. */
export const SENT_AWAY = {
  loggedIn: (email: string) => `You are already logged in as ${email}.`,
  reset: 'You are logged in. To choose a new password, use My account, or log out first.',
} as const;
