import { useLanguage } from '../i18n';
import { Fragment, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../routing';
import type { CountyList, CountyProfile } from '@portal/contract/counties';
import { COMPARE_MAX, HEADLINE_TOPICS } from '@portal/contract/county-rules';
import { countyPath, datasetPath } from '@portal/contract/paths';
import { useSite } from '../api/catalog';
import { useCountyList, useCountyProfiles } from '../api/counties';
import { PageLayout } from '../components/page-layout';
import { PageHead } from '../components/page-title';
import { LoadError, Loading } from '../components/status';
import { compareLink, readCompared } from '../features/counties/compare-state';
import { ShareButton } from '../features/share/share-button';
import { viewImagePath } from '@portal/contract/share';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { countyListQuery, countyProfileQuery } from '../api/counties';
import { routeData } from '../route-data';

// A county the address names that does not exist is listed as unknown on the page, not a missing page.
const pageData = routeData(
  ({ url }) => [countyListQuery(), ...readCompared(url.searchParams).map(countyProfileQuery)],
  {
    isMissing: () => false,
  },
);
export const loader = pageData.loader;
export const clientLoader = pageData.clientLoader;

/** `/counties/compare?c=turkana&c=marsabit`: up to four counties' headline figures side by side, with Kenya's. */
export default function CountyComparePage() {
  const { t } = useTranslation();
  const site = useSite().data;
  const language = useLanguage();
  const list = useCountyList();
  const [params, setParams] = useSearchParams();
  const asked = readCompared(params);
  const known = list.data ? asked.filter((slug) => list.data.counties.some((c) => c.slug === slug)) : [];
  const view = known.length ? ({ kind: 'compare', slugs: known } as const) : undefined;
  const head = (
    <PageHead
      title={site && t('meta.compareTitle', { siteName: site.name })}
      description={t('meta.compare')}
      image={view && viewImagePath(view, 'png', language)}
    />
  );
  const unknown = list.data ? asked.filter((slug) => !known.includes(slug)) : [];
  const choose = (slugs: string[]) =>
    setParams(new URLSearchParams(compareLink(slugs).split('?')[1]), { replace: true });

  return (
    <PageLayout>
      {head}
      <h1 className="h2 mb-2">{t('compare.title')}</h1>
      <p className="mb-3">{t('compare.intro', { max: COMPARE_MAX })}</p>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <LoadError error={list.error} />
      ) : (
        <>
          <CountyChooser list={list.data} chosen={known} onChange={choose} />
          {unknown.length > 0 && (
            <p className="alert alert-warning py-2" role="status">
              {t('compare.unknown', { slugs: unknown.join(', ') })}
            </p>
          )}
          {known.length === 0 ? <p>{t('compare.empty')}</p> : <Comparison slugs={known} />}
        </>
      )}
    </PageLayout>
  );
}

function CountyChooser({
  list,
  chosen,
  onChange,
}: {
  list: CountyList;
  chosen: string[];
  onChange: (slugs: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const nameOf = (slug: string) => list.counties.find((c) => c.slug === slug)?.name ?? slug;
  const full = chosen.length >= COMPARE_MAX;
  return (
    <fieldset className="mb-3">
      <legend className="h6">{t('compare.choose')}</legend>
      <ul className="list-inline mb-2">
        {chosen.map((slug) => (
          <li key={slug} className="list-inline-item mb-1">
            <Button
              variant="outline-secondary"
              size="sm"
              onClick={() => onChange(chosen.filter((s) => s !== slug))}
              aria-label={t('compare.remove', { name: nameOf(slug) })}
            >
              {nameOf(slug)} <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      <div className="col-sm-6 col-lg-4">
        <Form.Label htmlFor={`${id}-add`}>{t('compare.add')}</Form.Label>
        <Form.Select
          id={`${id}-add`}
          value=""
          disabled={full}
          onChange={(event) => event.target.value && onChange([...chosen, event.target.value])}
        >
          <option value="">{t('compare.addPlaceholder')}</option>
          {[...list.counties]
            .sort((a, b) => a.name.localeCompare(b.name))
            .filter((c) => !chosen.includes(c.slug))
            .map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
        </Form.Select>
        {full && <Form.Text>{t('compare.full')}</Form.Text>}
      </div>
    </fieldset>
  );
}

function Comparison({ slugs }: { slugs: string[] }) {
  const language = useLanguage();
  const { t } = useTranslation();
  const queries = useCountyProfiles(slugs);
  const failed = queries.find((q) => q.error);
  if (failed?.error) return <LoadError error={failed.error} />;
  if (queries.some((q) => !q.data)) return <Loading />;
  const profiles = queries.map((q) => q.data!);
  const figures = profiles[0].figures;
  const cell = (profile: CountyProfile, index: number) => {
    const figure = profile.figures[index];
    if (!figure.latest) return <span className="text-body-secondary">{t('counties.noValue')}</span>;
    return (
      <>
        {t('compare.cell', {
          value: formatFigure(figure.latest.value, language),
          period: formatPeriod(figure.latest.date, figure.period, language),
        })}
        {figure.rank && <span className="d-block small text-body-secondary">{t('compare.rank', figure.rank)}</span>}
      </>
    );
  };
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="small text-body-secondary mb-0">{t('compare.rankNote')}</p>
        <ShareButton
          view={{ kind: 'compare', slugs }}
          title={`${t('compare.title')}: ${profiles.map((p) => p.county.name).join(', ')}`}
        />
      </div>
      <div className="table-responsive">
        <Table size="sm" className="county-compare align-middle">
          <caption className="visually-hidden">{t('compare.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('compare.figure')}</th>
              {profiles.map((p) => (
                <th key={p.county.slug} scope="col">
                  <Link to={countyPath(p.county.slug)}>{p.county.name}</Link>
                </th>
              ))}
              <th scope="col">{t('compare.kenya')}</th>
            </tr>
          </thead>
          <tbody>
            {HEADLINE_TOPICS.map((topic) => {
              const rows = figures.map((f, index) => ({ f, index })).filter(({ f }) => f.topic === topic);
              if (!rows.length) return null;
              return (
                <Fragment key={topic}>
                  <tr className="table-light">
                    <th scope="colgroup" colSpan={profiles.length + 2}>
                      <span className="table-group-label">{t(`county.topic.${topic}`)}</span>
                    </th>
                  </tr>
                  {rows.map(({ f, index }) => {
                    const national = profiles.map((p) => p.figures[index].national).find(Boolean);
                    return (
                      <tr key={f.variable}>
                        <th scope="row" className="fw-normal">
                          {f.variable}
                          <span className="d-block small text-body-secondary">
                            {f.unit} · <Link to={datasetPath(f.dataset.id)}>{f.dataset.publisher}</Link>
                          </span>
                        </th>
                        {profiles.map((p) => (
                          <td key={p.county.slug}>{cell(p, index)}</td>
                        ))}
                        <td>
                          {national
                            ? t('compare.cell', {
                                value: formatFigure(national.value, language),
                                period: formatPeriod(national.date, f.period, language),
                              })
                            : t('counties.noValue')}
                        </td>
                      </tr>
                    );
                  })}
                </Fragment>
              );
            })}
          </tbody>
        </Table>
      </div>
    </>
  );
}
