import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../routing';
import { datasetPath } from '@portal/contract/paths';
import type { DatasetProvenance, Variable } from '@portal/contract/timeseries';
import { nameWithUnit } from '@portal/contract/variable-names';
import { DatasetCitation } from '../../components/dataset-citation';

/** The datasets behind some variables, each with the variables it gives, in first-seen order. */
export function byDataset(variables: Variable[]): { dataset: DatasetProvenance; variables: Variable[] }[] {
  const groups = new Map<string, { dataset: DatasetProvenance; variables: Variable[] }>();
  for (const variable of variables) {
    const group = groups.get(variable.dataset.id) ?? { dataset: variable.dataset, variables: [] };
    group.variables.push(variable);
    groups.set(variable.dataset.id, group);
  }
  return [...groups.values()];
}

// Texts longer than this open on demand, so a long list of model notes does not bury the table.
const SHORT_TEXT = 240;

/** A text shown whole when short, else its first sentence with the rest behind a disclosure. */
function LongText({ text }: { text: string }) {
  const { t } = useTranslation();
  if (text.length <= SHORT_TEXT) return <>{text}</>;
  const sentence = /^.*?[.;:](\s|$)/.exec(text)?.[0];
  const head = sentence && sentence.length <= SHORT_TEXT ? sentence : text.slice(0, SHORT_TEXT);
  return (
    <details>
      <summary>{t('timeseries.provenance.more', { head: head.trim() })}</summary>
      {text.slice(head.length)}
    </details>
  );
}

/**
 * Where the previewed numbers come from: per dataset a link to its page, its publisher, licence,
 * retrieval date, version, the publisher's link and citation, and a citation of the version shown; per variable what it measures, its code at the publisher and how the portal
 * made it.
 */
export function ProvenanceNote({ variables }: { variables: Variable[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (!variables.length) return null;
  return (
    <section className="provenance mt-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        {t('timeseries.provenance.title')}
      </h3>
      {byDataset(variables).map(({ dataset, variables: given }) => (
        <div key={dataset.id} className="provenance-dataset">
          <p className="mb-1">
            <Link to={datasetPath(dataset.id)}>{dataset.title}</Link>
          </p>
          <dl className="provenance-facts small">
            <dt>{t('timeseries.provenance.publisher')}</dt>
            <dd>{dataset.publisher}</dd>
            <dt>{t('timeseries.provenance.licence')}</dt>
            <dd>{dataset.licence}</dd>
            <dt>{t('timeseries.provenance.retrieved')}</dt>
            <dd>{dataset.retrieved}</dd>
            <dt>{t('timeseries.provenance.original')}</dt>
            <dd className="text-break">
              <a href={dataset.sourceUrl} target="_blank" rel="noopener noreferrer">
                {dataset.sourceUrl}
                <span className="visually-hidden"> {t('source.newTab')}</span>
              </a>
            </dd>
            <dt>{t('timeseries.provenance.version')}</dt>
            <dd>
              {t('timeseries.provenance.versionValue', {
                version: dataset.version,
                date: dataset.loadedAt.slice(0, 10),
              })}
            </dd>
            <dt>{t('timeseries.provenance.citation')}</dt>
            <dd>{dataset.citation}</dd>
            {dataset.notes && (
              <>
                <dt>{t('timeseries.provenance.notes')}</dt>
                <dd>
                  <LongText text={dataset.notes} />
                </dd>
              </>
            )}
          </dl>
          <ul className="provenance-variables small">
            {given.map((variable) => (
              <li key={variable.name}>
                <strong>{nameWithUnit(variable.name, variable.unit)}</strong>
                {variable.definition && `: ${variable.definition}`}
                {variable.code && (
                  <span className="text-body-secondary">
                    {' '}
                    {t('timeseries.provenance.code', { code: variable.code })}
                  </span>
                )}{' '}
                {variable.derivation
                  ? t('timeseries.provenance.derived', { derivation: variable.derivation })
                  : t('timeseries.provenance.asPublished')}
              </li>
            ))}
          </ul>
          <DatasetCitation dataset={dataset} />
        </div>
      ))}
    </section>
  );
}
