import { useTranslation } from 'react-i18next';
import { formatPeriod } from '@portal/contract/figure-format';
import { LANGUAGE_PARAM } from '@portal/contract/languages';
import { API } from '@portal/contract/paths';
import { type ChoroplethRequest, choroplethQuery, useChoropleth } from '../api/choropleth';
import { imageDataQuery, useImageData } from '../api/images';
import { EmbedFrame, embedHandle, EmbedRefusal, viewQuery } from '../features/embeds/embed-frame';
import { choroplethSummary } from '../features/embeds/image-summary';
import { type MapState, mapStateParams, readMapState } from '../features/choropleth/map-state';
import { useLanguage } from '../i18n';
import { refusedAs400, routeData } from '../route-data';
import { useLocation, useSearchParams } from '../routing';

const dataOf = (query: string) => `${API.choroplethImage('json')}?${query}`;
const requestOf = ({ source, variable, period, method }: MapState): ChoroplethRequest => ({
  source: source ?? '',
  variable: variable ?? '',
  period: period ?? undefined,
  method,
});

// The image's data for its words, the map's answer for its periods.
const pageData = routeData(
  ({ url }) => [
    imageDataQuery(dataOf(viewQuery(url.searchParams))),
    choroplethQuery(requestOf(readMapState(url.searchParams))),
  ],
  { status: refusedAs400 },
);
export const loader = pageData.loader;
export const handle = embedHandle;

/**
 * `/embed/maps/counties?<the county map's query>`: the county map alone, as the server's image, with
 * its period chosen by a plain form that asks this address again: it works without any script.
 */
export default function EmbedCountyMapPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const state = readMapState(params);
  const query = viewQuery(params);
  const data = useImageData(dataOf(query));
  const map = useChoropleth(requestOf(state));
  const error = data.error ?? map.error;
  if (error) return <EmbedRefusal message={error.message} />;
  if (!data.data || !map.data) return null;
  const alt = t('embed.imageOf', {
    title: data.data.title,
    period: data.data.period,
    summary: choroplethSummary(data.data, t, language),
  });
  const image = `${API.choroplethImage('png')}?${query}&${LANGUAGE_PARAM}=${language}`;
  const kept = [...mapStateParams({ ...state, period: null }), [LANGUAGE_PARAM, language]];
  return (
    <EmbedFrame data={data.data} image={image} alt={alt}>
      {map.data.periods.length > 1 && (
        <form method="get" action={pathname} className="embed-period-form">
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="embed-period">{t('choropleth.slider.label')}</label>
          <select
            id="embed-period"
            name="period"
            defaultValue={map.data.period}
            className="form-select form-select-sm w-auto"
          >
            {/* Newest first: the period a reader most often asks for. */}
            {[...map.data.periods].reverse().map((period) => (
              <option key={period} value={period}>
                {formatPeriod(period, map.data.variable.period, language)}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-primary btn-sm">
            {t('embed.show')}
          </button>
        </form>
      )}
    </EmbedFrame>
  );
}
