/** A calendar date as YYYY-MM-DD, read in local time as the visitor's calendar shows it. */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in the visitor's time zone: the access date a citation written now carries. */
export const today = () => toIsoDate(new Date());
