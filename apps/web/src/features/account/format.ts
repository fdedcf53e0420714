const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO date-time from the API as the account page shows it, in the visitor's time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
