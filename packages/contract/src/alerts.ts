import { z } from 'zod/mini';
import { key } from './messages.ts';

/** Whether an alert tells of a value falling below its threshold or rising above it. */
export const ALERT_COMPARISONS = ['below', 'above'] as const;
export const AlertComparisonSchema = z.enum(ALERT_COMPARISONS, { error: key('alert.comparisonInvalid') });
export type AlertComparison = z.infer<typeof AlertComparisonSchema>;

/** An alert to set: a monthly figure (by name) in a county (by slug), a comparison and a threshold in its unit. */
export const NewAlertSchema = z.object({
  variable: z
    .string({ error: key('alert.variableRequired') })
    .check(z.trim(), z.minLength(1, key('alert.variableRequired')), z.maxLength(300, key('alert.variableRequired'))),
  county: z
    .string({ error: key('alert.countyRequired') })
    .check(
      z.trim(),
      z.minLength(1, key('alert.countyRequired')),
      z.maxLength(100, key('alert.countyRequired')),
      z.regex(/^[a-z0-9-]+$/, key('alert.countyRequired')),
    ),
  comparison: AlertComparisonSchema,
  threshold: z
    .number({ error: key('alert.thresholdInvalid') })
    .check(z.refine(Number.isFinite, key('alert.thresholdInvalid'))),
});
export type NewAlert = z.infer<typeof NewAlertSchema>;

export const AlertParamsSchema = z.object({ id: z.uuid({ error: key('alert.idInvalid') }) });

/** An alert as listed, with its last state: the latest month with a value and whether it is past the threshold. */
export const AlertSchema = z.object({
  id: z.string(),
  variable: z.string(),
  unit: z.string(),
  county: z.string(),
  countySlug: z.string(),
  comparison: AlertComparisonSchema,
  threshold: z.number(),
  /** The series' timeseries page over its last 12 months, from the site's root; empty once the figure is gone. */
  path: z.string(),
  /** ISO date-time the alert was set. */
  createdAt: z.string(),
  last: z.nullable(
    z.object({
      /** The month's first day, YYYY-MM-DD. */
      month: z.string(),
      value: z.number(),
      /** True when the value is on the alert's side of the threshold. */
      onSide: z.boolean(),
    }),
  ),
});
export type Alert = z.infer<typeof AlertSchema>;

/** A monthly figure an alert can watch, and the counties it has values for (by slug and name). */
export const AlertSeriesSchema = z.object({
  variable: z.string(),
  unit: z.string(),
  counties: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type AlertSeries = z.infer<typeof AlertSeriesSchema>;

/** Whether a value is on an alert's side of its threshold: strictly below, or strictly above. */
export const isOnSide = (alert: { comparison: AlertComparison; threshold: number }, value: number) =>
  alert.comparison === 'below' ? value < alert.threshold : value > alert.threshold;

/**
 * An alert's state from its figure's two latest values (latest first): the latest month, its
 * value, whether it is on the alert's side, and whether it crossed: on the side while the month
 * before was not. Null without a value.
 */
export function alertState(
  alert: { comparison: AlertComparison; threshold: number },
  latestTwo: { ts: string; value: number }[],
): { ts: string; value: number; onSide: boolean; crossed: boolean } | null {
  const [latest, before] = latestTwo;
  if (!latest) return null;
  const onSide = isOnSide(alert, latest.value);
  return { ts: latest.ts, value: latest.value, onSide, crossed: onSide && !!before && !isOnSide(alert, before.value) };
}
