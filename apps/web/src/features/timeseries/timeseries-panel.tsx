import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../routing';
import type { SourceDetail } from '@portal/contract/catalog';
import { textOf } from '@portal/contract/messages';
import { latestQueryDate, type TimeseriesQuery } from '@portal/contract/timeseries';
import { nameWithUnit } from '@portal/contract/variable-names';
import { useSite } from '../../api/catalog';
import { fetchExport, useLocations, usePreview, useVariables } from '../../api/timeseries';
import { isOffline } from '../../components/connection';
import { DismissibleAlert } from '../../components/status';
import { downloadBase64 } from '../../components/download';
import { useExport } from '../exports/use-export';
import { chartStates } from '@portal/contract/chart-state';
import { ShareButton } from '../share/share-button';
import { timeseriesView } from '../share/timeseries-view';
import { CheckList } from './check-list';
import { CodeUse } from './code-use';
import { CoverageNotes } from './coverage-notes';
import { DateRangePicker } from './date-range-picker';
import { BeyondTodayNote } from './beyond-today-note';
import { ProvenanceNote } from './provenance-note';
import {
  checkQuery,
  fromIsoDate,
  type QueryState,
  readQueryState,
  withoutUnknown,
  writeQueryState,
} from './query-state';
import { ResultsTable } from './results-table';
import { VariableInfo } from './variable-info';
import { ButtonIcon } from '../../components/icon';

const SeriesChart = lazy(() => import('./series-chart'));

interface Notice {
  variant: 'danger' | 'info' | 'warning';
  text: string;
}

/** The 'Timeseries Data' panel: choose dates, variables and locations; preview, chart and export. */
export function TimeseriesPanel({ source }: { source: SourceDetail }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Local state answers a toggle at once; the URL follows so a copied link reproduces the query.
  const [linked, setState] = useState(() => readQueryState(params));
  const variables = useVariables(source.sector, source.slug);
  const locations = useLocations(source.sector, source.slug);
  // A shared link may name variables or locations this source does not offer: they are left out
  // of the choice once the lists arrive, said in one notice, and gone from the URL at the next change.
  const { state, dropped } = useMemo(
    () =>
      variables.data && locations.data
        ? withoutUnknown(
            linked,
            variables.data.map((v) => v.name),
            locations.data.map((l) => l.name),
          )
        : { state: linked, dropped: [] },
    [linked, variables.data, locations.data],
  );
  const exportPrefix = useSite().data?.exportPrefix ?? 'portal';
  const [notice, setNotice] = useState<Notice | null>(null);
  const preview = usePreview();
  const exporter = useExport(fetchExport, (text) => setNotice({ variant: 'danger', text }));
  const busy = preview.isPending || exporter.isPending;
  // The rows of the last preview; an `info` answer (nothing found) or a failure leaves none.
  const shown = preview.data && 'data' in preview.data ? preview.data : null;
  const asked = preview.variables;
  const complete = shown !== null && shown.total === shown.data.length;
  const charts = useMemo(
    () => (shown && asked ? chartStates(shown.data, shown.units, asked, complete) : []),
    [shown, asked, complete],
  );
  const previewed = useMemo(
    () => (shown ? (variables.data ?? []).filter((v) => v.name in shown.units) : []),
    [shown, variables.data],
  );
  const publishers = [...new Set(previewed.map((v) => v.dataset.publisher))];
  // How late a query may end: today, or the last day of data that run into the future (model inputs).
  const lastDays = useMemo(() => (variables.data ?? []).map((v) => v.last), [variables.data]);
  const latest = latestQueryDate(lastDays);

  const update = (change: Partial<QueryState>) => {
    const next = { ...state, ...change };
    setState(next);
    setParams(writeQueryState(next), { replace: true });
  };

  /** The query to send, or null after showing the spec's alert for its first problem. */
  const readyQuery = (): TimeseriesQuery | null => {
    const checked = checkQuery(state, `${source.sector}/${source.slug}`, lastDays);
    setNotice('problem' in checked ? { variant: 'warning', text: textOf(t, checked.problem, checked.values) } : null);
    return 'query' in checked ? checked.query : null;
  };

  const runPreview = () => {
    const query = readyQuery();
    if (!query) return;
    if (isOffline()) return setNotice({ variant: 'warning', text: t('offline.preview') });
    preview.mutate(query, {
      onSuccess: (result) => {
        if ('info' in result) setNotice({ variant: 'info', text: result.info });
      },
      onError: () => setNotice({ variant: 'danger', text: t('timeseries.panel.previewFailed') }),
    });
  };

  const runExport = () => {
    const query = readyQuery();
    if (!query) return;
    exporter.mutate(query, {
      onSuccess: (result) => {
        if ('info' in result) setNotice({ variant: 'info', text: result.info });
        else downloadBase64(result.file, `${exportPrefix}_portal_timeseries.zip`);
      },
    });
  };

  const variableItems = (variables.data ?? []).map((v) => ({
    name: v.name,
    label: nameWithUnit(v.name, v.unit),
    extra: <VariableInfo variable={v} />,
  }));
  const locationItems = (locations.data ?? []).map((l) => ({ name: l.name }));
  return (
    <Card className="data-panel">
      <Card.Header as="h2" className="h5">
        {t('dataType.timeseries')}
      </Card.Header>
      <Card.Body>
        {notice && (
          <DismissibleAlert variant={notice.variant} onClose={() => setNotice(null)}>
            {notice.text}
          </DismissibleAlert>
        )}
        {dropped.length > 0 && (
          <div className="alert alert-warning unknown-names" role="alert">
            {t('timeseries.panel.dropped', { names: dropped.join(', ') })}
          </div>
        )}
        {/* On paper the choice shows as one line (below), not as its controls. */}
        <div className="d-print-none">
          <DateRangePicker
            start={state.start}
            end={state.end}
            maxDate={fromIsoDate(latest)}
            onChange={update}
            onInvalidInput={() => setNotice({ variant: 'warning', text: t('timeseries.invalidDate') })}
          />
          <BeyondTodayNote latest={latest} />
          <div className="row g-3">
            <div className="col-md-6">
              <CheckList
                title={t('timeseries.panel.variables')}
                empty={variables.isPending ? t('status.loading') : t('timeseries.panel.noVariables')}
                items={variableItems}
                selected={state.variables}
                onChange={(selected) => update({ variables: selected })}
              />
            </div>
            <div className="col-md-6">
              <CheckList
                title={t('timeseries.panel.locations')}
                empty={locations.isPending ? t('status.loading') : t('timeseries.panel.noLocations')}
                items={locationItems}
                selected={state.locations}
                onChange={(selected) => update({ locations: selected })}
              />
            </div>
          </div>
          <div className="d-flex flex-wrap gap-2 my-3">
            <Button variant="primary" className="action-button" onClick={runPreview} disabled={busy}>
              <ButtonIcon name="eye" />{' '}
              {preview.isPending ? t('timeseries.panel.previewing') : t('timeseries.panel.preview')}
            </Button>
            <Button variant="outline-primary" className="action-button" onClick={runExport} disabled={busy}>
              {exporter.isPending ? (
                <>
                  <Spinner animation="border" size="sm" aria-hidden="true" /> {t('export.pending')}
                </>
              ) : (
                t('export.button')
              )}
            </Button>
            {shown && asked && (
              <ShareButton
                view={timeseriesView(asked.source ?? `${source.sector}/${source.slug}`, asked)}
                title={t('source.title', { sector: source.sectorTitle, source: source.title })}
              />
            )}
          </div>
        </div>
        {shown && preview.variables && (
          <p className="d-none d-print-block">
            {t('timeseries.panel.printedQuery', {
              variables: preview.variables.variables.join(', '),
              locations: preview.variables.locations.join(', '),
              start: preview.variables.start,
              end: preview.variables.end,
              address: window.location.href,
            })}
          </p>
        )}
        {shown && asked && <CoverageNotes rows={shown.data} asked={asked} complete={complete} />}
        {charts.length > 0 && (
          <Suspense fallback={<p className="small">{t('timeseries.panel.loadingChart')}</p>}>
            {charts.map((chart, i) => (
              <SeriesChart
                key={i}
                state={chart}
                caption={
                  publishers.length ? t('timeseries.panel.chartCaption', { publishers: publishers.join('; ') }) : ''
                }
              />
            ))}
          </Suspense>
        )}
        <ResultsTable rows={shown?.data ?? []} units={shown?.units ?? {}} total={shown?.total ?? 0} />
        <ProvenanceNote variables={previewed} />
        <div className="d-print-none">
          <CodeUse sector={source.sector} source={source.slug} state={state} />
        </div>
      </Card.Body>
    </Card>
  );
}
