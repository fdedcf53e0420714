import { useTranslation } from 'react-i18next';
import { API } from '@portal/contract/paths';
import { LANGUAGE_PARAM } from '@portal/contract/languages';
import { countyProfileQuery, useCountyProfile } from '../api/counties';
import { imageDataQuery, useImageData } from '../api/images';
import { EmbedFrame, embedHandle, EmbedRefusal } from '../features/embeds/embed-frame';
import { countySummary } from '../features/embeds/image-summary';
import { useLanguage } from '../i18n';
import { isMissingOrMalformed, routeData } from '../route-data';
import { useParams } from '../routing';

const pageData = routeData(
  ({ params }) => [imageDataQuery(API.countyImage(params.slug ?? '', 'json')), countyProfileQuery(params.slug ?? '')],
  // A slug that is not one is a bad link, like any unknown page.
  { isMissing: isMissingOrMalformed },
);
export const loader = pageData.loader;
export const handle = embedHandle;

/** `/embed/counties/{slug}`: a county's headline figures alone, as the server's image, for other sites to frame. */
export default function EmbedCountyPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const slug = useParams().slug ?? '';
  const data = useImageData(API.countyImage(slug, 'json'));
  const profile = useCountyProfile(slug);
  const error = data.error ?? profile.error;
  if (error) return <EmbedRefusal message={error.message} />;
  if (!data.data || !profile.data) return null;
  const alt = t('embed.imageOf', {
    title: data.data.title,
    period: data.data.period,
    summary: countySummary(profile.data.figures, t, language),
  });
  const image = `${API.countyImage(slug, 'png')}?${LANGUAGE_PARAM}=${language}`;
  return <EmbedFrame data={data.data} image={image} alt={alt} />;
}
