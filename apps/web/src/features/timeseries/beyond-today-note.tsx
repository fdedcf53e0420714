import { useTranslation } from 'react-i18next';
import { todayIso } from '@portal/contract/timeseries';
import { type DateFormat, formatTypedDate, fromIsoDate } from './query-state';

/**
 * Says that a source's data run past today (model inputs, projections), so its dates can be chosen
 * up to `latest`, the last day they cover (latestQueryDate); nothing for any other source, whose
 * dates stop at today as the spec has it.
 */
export function BeyondTodayNote({ latest }: { latest: string }) {
  const { t } = useTranslation();
  const last = fromIsoDate(latest);
  if (!last || latest <= todayIso()) return null;
  const date = formatTypedDate(last, t('timeseries.dates.format') as DateFormat);
  return (
    <p className="beyond-today small text-body-secondary">
      {t('timeseries.beyondToday.text', { year: latest.slice(0, 4), date })}
    </p>
  );
}
