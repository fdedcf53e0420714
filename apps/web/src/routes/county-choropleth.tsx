import { useTranslation } from 'react-i18next';
import { useLatestSearchParams } from '../routing';
import type { MappableVariable } from '@portal/contract/choropleth';
import { CHOROPLETH_MIN_COUNTIES } from '@portal/contract/choropleth-classes';
import { useSite } from '../api/catalog';
import { type ChoroplethRequest, useChoropleth, useMappableVariables } from '../api/choropleth';
import { useCountyMapShapes } from '../api/counties';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { viewImagePath } from '@portal/contract/share';
import { useLanguage } from '../i18n';
import { LoadError, Loading } from '../components/status';
import { ChoroplethView } from '../features/choropleth/choropleth-view';
import { type MapState, mapStateParams, readMapState } from '../features/choropleth/map-state';
import { VariablePicker } from '../features/choropleth/variable-picker';
import { choroplethQuery, mappableVariablesQuery } from '../api/choropleth';
import { countyMapShapesQuery } from '../api/counties';
import { routeData } from '../route-data';

/** The map the address asks for; without a figure named, the first one listed. */
function requestOf(state: MapState, first: MappableVariable | undefined): ChoroplethRequest | null {
  if (state.source && state.variable)
    return { source: state.source, variable: state.variable, period: state.period ?? undefined, method: state.method };
  return first
    ? { source: `${first.source.sector}/${first.source.slug}`, variable: first.name, method: state.method }
    : null;
}

// The map the address names, or the first figure listed: its request waits for the list.
const pageData = routeData(async ({ url, client }) => {
  const variables = await client.ensureQueryData(mappableVariablesQuery()).catch(() => []);
  const request = requestOf(readMapState(url.searchParams), variables[0]);
  return [countyMapShapesQuery(), ...(request ? [choroplethQuery(request)] : [])];
});
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/maps/counties?source=&variable=&period=&method=`: any county figure on a map of the 47 counties, period by period. */
export default function CountyChoroplethPage() {
  const { t } = useTranslation();
  const site = useSite().data;
  const language = useLanguage();
  const [params, setParams] = useLatestSearchParams();
  const state = readMapState(params);
  const variables = useMappableVariables();
  const drawing = useCountyMapShapes();
  const request = requestOf(state, variables.data?.[0]);
  const map = useChoropleth(request);
  // While another figure loads, the previous one's map would answer for it: only the same figure's stays drawn.
  const shown = map.data && request && map.data.variable.name === request.variable ? map.data : undefined;
  const head = (
    <PageHead
      title={
        site &&
        (shown
          ? t('meta.countyMapFigureTitle', { variable: shown.variable.name, siteName: site.name })
          : t('meta.countyMapTitle', { siteName: site.name }))
      }
      description={t('meta.countyMap')}
      image={request ? viewImagePath({ kind: 'choropleth', ...request }, 'png', language) : undefined}
    />
  );

  // The view an address shows: its figure, or the first one while it names none.
  const viewOf = (search: URLSearchParams): MapState => {
    const asked = readMapState(search);
    const shownFor = requestOf(asked, variables.data?.[0]);
    return { ...asked, source: shownFor?.source ?? null, variable: shownFor?.variable ?? null };
  };
  const current = viewOf(params);
  // A new figure or method is a new view to come back to; a period moved on the slider replaces the address, so Back leaves the map.
  const choose = (change: Partial<MapState>) =>
    setParams((latest) => mapStateParams({ ...viewOf(latest), period: null, ...change }));
  const showPeriod = (period: string) =>
    setParams((latest) => mapStateParams({ ...viewOf(latest), period }), { replace: true });

  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-2">{t('choropleth.title')}</h1>
      <p className="mb-3">{t('choropleth.intro')}</p>
      {variables.isPending ? (
        <Loading />
      ) : variables.error ? (
        <LoadError error={variables.error} />
      ) : variables.data.length === 0 ? (
        <p>{t('choropleth.none', { min: CHOROPLETH_MIN_COUNTIES })}</p>
      ) : (
        <>
          <VariablePicker
            variables={variables.data}
            source={current.source}
            variable={current.variable}
            method={state.method}
            onVariable={(source, variable) => choose({ source, variable })}
            onMethod={(method) => choose({ method, period: state.period })}
          />
          {map.error ? (
            <LoadError error={map.error} />
          ) : drawing.error ? (
            <LoadError error={drawing.error} />
          ) : !shown || !drawing.data || !request ? (
            <Loading />
          ) : (
            <ChoroplethView map={shown} drawing={drawing.data} request={request} onPeriod={showPeriod} />
          )}
        </>
      )}
    </PageLayout>
  );
}
