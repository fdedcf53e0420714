import escapeHtml from 'escape-html';
import type { AlertComparison } from '@portal/contract/alerts';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import type { Language } from '@portal/contract/languages';
import type { Translate } from '@portal/contract/messages';
// The e-mails' and read-mes' texts, which only the server writes.
import '@portal/contract/messages-documents';
import { listMail } from './list-mail.ts';
import type { Mail } from './mailer.ts';

/** A crossing an alert mail tells. */
export interface ToldCrossing {
  variable: string;
  county: string;
  unit: string;
  comparison: AlertComparison;
  threshold: number;
  /** The month (YYYY-MM-DD, its first day) and its value. */
  ts: string;
  value: number;
  /** The series' timeseries page over its last 12 months, absolute; empty once the figure is gone. */
  link: string;
}

interface AlertLetter {
  siteName: string;
  to: string;
  language: Language;
  crossings: ToldCrossing[];
  /** The one-click link that ends the alerts this mail is about (RFC 8058). */
  unsubscribeLink: string;
  accountLink: string;
}

/**
 * The mail after an import brought figures past thresholds a user set: each value with its month,
 * the threshold and the series' page, then how to end the alerts.
 */
export function alertMail(t: Translate, letter: AlertLetter): Mail {
  const withUnit = (value: number, unit: string) => `${formatFigure(value, letter.language)} ${unit}`.trim();
  const lines = letter.crossings.map((c) => ({
    link: c.link,
    what: t('mail.alert.line', {
      variable: c.variable,
      county: c.county,
      value: withUnit(c.value, c.unit),
      month: formatPeriod(c.ts, 'month', letter.language),
      side: t(`mail.alert.${c.comparison}`),
      threshold: withUnit(c.threshold, c.unit),
    }),
  }));
  const items = lines.map((l) => ({
    text: `- ${l.what}${l.link ? `\n  ${t('mail.alert.series')} ${l.link}` : ''}`,
    html: `${escapeHtml(l.what)}${l.link ? ` <a href="${escapeHtml(l.link)}">${escapeHtml(t('mail.alert.series'))}</a>` : ''}`,
  }));
  return listMail(t, letter, {
    subject: t('mail.alert.subject', { siteName: letter.siteName }),
    intro: t('mail.alert.intro'),
    items,
    unsubscribe: t('mail.alert.unsubscribe'),
    manage: t('mail.alert.manage'),
  });
}
