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
  const today = todayIso();
  const later = variables.map((v) => v.last).filter((last): last is string => last !== null && last > today);
  if (!later.length) return null;
  const last = later.sort().at(-1)!;
  const selection = chosen.variables.length && chosen.locations.length;
  const query = new URLSearchParams({ start: chosen.start ?? today, end: last });
  for (const name of chosen.variables) query.append('variable', name);
  for (const name of chosen.locations) query.append('location', name);
  return (
    <p className="beyond-today small text-body-secondary">
      Some series of this source run beyond today, up to {last.slice(0, 4)} (model inputs and projections). The date picker stops at today; the open API serves
      the later years:{' '}
      {selection ? (
        <a href={`${API.observations(sector, source)}?${query.toString()}&pageSize=1000`}>the chosen series up to {last.slice(0, 4)} as JSON</a>
      ) : (
        <a href="/api/docs">see the API documentation</a>
      )}
      .
    </p>
  );
}
