import { Trans, useTranslation } from 'react-i18next';
import { API } from '@portal/contract/paths';
import { todayIso, type Variable } from '@portal/contract/timeseries';

/**
 * Model inputs and projections run past today, while the spec's date picker stops at today. This
 * says so and links the open API, which serves any dates: the chosen selection up to the last day
 * covered when something is chosen, else the API's documentation.
 */
export function BeyondTodayNote({
  sector,
  source,
  variables,
  chosen,
}: {
  sector: string;
  source: string;
  variables: Variable[];
  chosen: { variables: string[]; locations: string[]; start: string | null };
}) {
  const { t } = useTranslation();
  const today = todayIso();
  const later = variables.map((v) => v.last).filter((last): last is string => last !== null && last > today);
  if (!later.length) return null;
  const last = later.sort().at(-1)!;
  const year = last.slice(0, 4);
  const selection = chosen.variables.length && chosen.locations.length;
  const query = new URLSearchParams({ start: chosen.start ?? today, end: last });
  for (const name of chosen.variables) query.append('variable', name);
  for (const name of chosen.locations) query.append('location', name);
  const href = selection ? `${API.observations(sector, source)}?${query.toString()}&pageSize=1000` : API.docs;
  const link = selection ? t('timeseries.beyondToday.selection', { year }) : t('timeseries.beyondToday.docs');
  return (
    <p className="beyond-today small text-body-secondary">
      <Trans
        i18nKey="timeseries.beyondToday.text"
        values={{ year, link }}
        components={{ api: <a href={href}>{link}</a> }}
      />
    </p>
  );
}
