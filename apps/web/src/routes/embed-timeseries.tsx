import { useTranslation } from 'react-i18next';
import { API } from '@portal/contract/paths';
import { LANGUAGE_PARAM } from '@portal/contract/languages';
import { imageDataQuery, useImageData } from '../api/images';
import { EmbedFrame, embedHandle, EmbedRefusal, viewQuery } from '../features/embeds/embed-frame';
import { timeseriesSummary } from '../features/embeds/image-summary';
import { useLanguage } from '../i18n';
import { refusedAs400, routeData } from '../route-data';
import { useSearchParams } from '../routing';

const dataOf = (query: string) => `${API.timeseriesImage('json')}?${query}`;

const pageData = routeData(({ url }) => [imageDataQuery(dataOf(viewQuery(url.searchParams)))], {
  status: refusedAs400,
});
export const loader = pageData.loader;
export const handle = embedHandle;

/**
 * `/embed/timeseries?source={sector}/{source}&<the timeseries page's query>`: the page's chart alone,
 * as the server's image, for other sites to frame.
 */
export default function EmbedTimeseriesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = viewQuery(useSearchParams()[0]);
  const data = useImageData(dataOf(query));
  if (data.error) return <EmbedRefusal message={data.error.message} />;
  if (!data.data) return null;
  const alt = t('embed.imageOf', {
    title: data.data.title,
    period: data.data.period,
    summary: timeseriesSummary(data.data, t, language),
  });
  const image = `${API.timeseriesImage('png')}?${query}&${LANGUAGE_PARAM}=${language}`;
  return <EmbedFrame data={data.data} image={image} alt={alt} />;
}
