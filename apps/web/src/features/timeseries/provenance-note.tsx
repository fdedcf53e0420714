import { useId } from 'react';
import type { DatasetProvenance, Variable } from '@portal/contract/timeseries';

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
  if (text.length <= SHORT_TEXT) return <>{text}</>;
  const sentence = /^.*?[.;:](\s|$)/.exec(text)?.[0];
  const head = sentence && sentence.length <= SHORT_TEXT ? sentence : text.slice(0, SHORT_TEXT);
  return (
    <details>
      <summary>{head.trim()} (more)</summary>
      {text.slice(head.length)}
    </details>
  );
}

/**
 * Where the previewed numbers come from: per dataset its publisher, licence, retrieval date,
 * citation and link; per variable what it measures, its code at the publisher and how the portal
 * made it.
 */
export function ProvenanceNote({ variables }: { variables: Variable[] }) {
  const headingId = useId();
  if (!variables.length) return null;
  return (
    <section className="provenance mt-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        Sources of the previewed data
      </h3>
      {byDataset(variables).map(({ dataset, variables: given }) => (
        <div key={dataset.id} className="provenance-dataset">
          <p className="mb-1">
            <a href={dataset.sourceUrl} target="_blank" rel="noopener noreferrer">
              {dataset.title}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <dl className="provenance-facts small">
            <dt>Publisher</dt>
            <dd>{dataset.publisher}</dd>
            <dt>Licence</dt>
            <dd>{dataset.licence}</dd>
            <dt>Retrieved</dt>
            <dd>{dataset.retrieved}</dd>
            <dt>Cite as</dt>
            <dd>{dataset.citation}</dd>
            {dataset.notes && (
              <>
                <dt>Prepared by the portal</dt>
                <dd>
                  <LongText text={dataset.notes} />
                </dd>
              </>
            )}
          </dl>
          <ul className="provenance-variables small">
            {given.map((variable) => (
              <li key={variable.name}>
                <strong>{variable.name}</strong> ({variable.unit}){variable.definition && `: ${variable.definition}`}
                {variable.code && <span className="text-body-secondary"> Code at the publisher: {variable.code}.</span>}{' '}
                {variable.derivation ? `Derived by the portal: ${variable.derivation}` : 'As published.'}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
