import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useSearchParams } from 'react-router';
import type { SourceDetail } from '@portal/contract/catalog';
import type { TimeseriesQuery, TimeseriesRow } from '@portal/contract/timeseries';
import { useSite } from '../../api/catalog';
import { ApiError } from '../../api/client';
import { fetchExport, fetchPreview, useLocations, useVariables } from '../../api/timeseries';
import { downloadBase64 } from '../../components/download';
import { CALL_FAILED } from '../account/messages';
import { loginCheck, sendToLogin } from '../exports/login-check';
import { chartStates } from './chart-state';
import { CheckList } from './check-list';
import { DateRangePicker } from './date-range-picker';
import { BeyondTodayNote } from './beyond-today-note';
import { ProvenanceNote } from './provenance-note';
import { type QueryState, readQueryState, toIsoDate, validateQuery, withoutUnknown, writeQueryState } from './query-state';
import { ResultsTable } from './results-table';

const SeriesChart = lazy(() => import('./series-chart'));

interface Notice {
  variant: 'danger' | 'info' | 'warning';
  text: string;
}

interface Preview {
  rows: TimeseriesRow[];
  total: number;
  units: Record<string, string>;
}

/** The 'Timeseries Data' panel: choose dates, variables and locations; preview, chart and export. */
export function TimeseriesPanel({ source }: { source: SourceDetail }) {
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
  const navigate = useNavigate();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'export' | null>(null);
  const charts = useMemo(() => (preview ? chartStates(preview.rows, preview.units) : []), [preview]);
  const previewed = useMemo(() => (preview ? (variables.data ?? []).filter((v) => v.name in preview.units) : []), [preview, variables.data]);
  const publishers = [...new Set(previewed.map((v) => v.dataset.publisher))];

  const update = (change: Partial<QueryState>) => {
    const next = { ...state, ...change };
    setState(next);
    setParams(writeQueryState(next), { replace: true });
  };

  /** The query to send, or null after showing the spec's alert for what is missing. */
  const readyQuery = (): TimeseriesQuery | null => {
    const problem = validateQuery(state);
    if (problem) {
      setNotice({ variant: 'warning', text: problem });
      return null;
    }
    setNotice(null);
    const { start, end } = state as { start: Date; end: Date };
    return { start: toIsoDate(start), end: toIsoDate(end), variables: state.variables, locations: state.locations, source: `${source.sector}/${source.slug}` };
  };

  const runPreview = async () => {
    const query = readyQuery();
    if (!query) return;
    setBusy('preview');
    try {
      const result = await fetchPreview(query);
      if ('info' in result) {
        setPreview(null);
        setNotice({ variant: 'info', text: result.info });
      } else {
        setPreview({ rows: result.data, total: result.total, units: result.units });
      }
    } catch {
      setNotice({ variant: 'danger', text: 'Encountered error when previewing' });
    } finally {
      setBusy(null);
    }
  };

  const runExport = async () => {
    const query = readyQuery();
    if (!query) return;
    setBusy('export');
    try {
      const login = await loginCheck();
      if (login === 'failed') return setNotice({ variant: 'danger', text: CALL_FAILED.check });
      if (login === 'login') return sendToLogin(navigate);
      const result = await fetchExport(query);
      if ('info' in result) setNotice({ variant: 'info', text: result.info });
      else downloadBase64(result.file, `${exportPrefix}_portal_timeseries.zip`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOGIN_REQUIRED') return sendToLogin(navigate);
      setNotice({ variant: 'danger', text: 'Failed to export data, try again' });
    } finally {
      setBusy(null);
    }
  };

  const variableItems = (variables.data ?? []).map((v) => ({ name: v.name, detail: v.unit }));
  const locationItems = (locations.data ?? []).map((l) => ({ name: l.name }));
  return (
    <Card className="data-panel">
      <Card.Header as="h2" className="h5">
        Timeseries Data
      </Card.Header>
      <Card.Body>
        {notice && (
          <Alert variant={notice.variant} dismissible onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {dropped.length > 0 && (
          <Alert variant="warning" className="unknown-names">
            Not offered by this source, so left out of the selection: {dropped.join(', ')}.
          </Alert>
        )}
        <DateRangePicker
          start={state.start}
          end={state.end}
          onChange={update}
          onInvalidInput={() => setNotice({ variant: 'warning', text: 'Date input not valid.' })}
        />
        <BeyondTodayNote
          sector={source.sector}
          source={source.slug}
          variables={variables.data ?? []}
          chosen={{ ...state, start: state.start && toIsoDate(state.start) }}
        />
        <div className="row g-3">
          <div className="col-md-6">
            <CheckList
              title="Select data variable(s)"
              empty={variables.isPending ? 'Loading...' : 'No data variables available yet for this data source'}
              items={variableItems}
              selected={state.variables}
              onChange={(selected) => update({ variables: selected })}
            />
          </div>
          <div className="col-md-6">
            <CheckList
              title="Select location(s)"
              empty={locations.isPending ? 'Loading...' : 'No location available yet.'}
              items={locationItems}
              selected={state.locations}
              onChange={(selected) => update({ locations: selected })}
            />
          </div>
        </div>
        <div className="d-flex gap-2 my-3">
          <Button variant="primary" onClick={runPreview} disabled={busy !== null}>
            <EyeIcon /> {busy === 'preview' ? 'loading preview content...' : 'Preview'}
          </Button>
          <Button variant="outline-primary" onClick={runExport} disabled={busy !== null}>
            {busy === 'export' ? (
              <>
                <Spinner animation="border" size="sm" aria-hidden="true" /> Exporting...
              </>
            ) : (
              'Export'
            )}
          </Button>
        </div>
        {charts.length > 0 && (
          <Suspense fallback={<p className="small">Loading chart...</p>}>
            {charts.map((chart) => (
              <SeriesChart key={chart.x} state={chart} caption={publishers.length ? `Source: ${publishers.join('; ')}.` : ''} />
            ))}
          </Suspense>
        )}
        <ResultsTable rows={preview?.rows ?? []} units={preview?.units ?? {}} total={preview?.total ?? 0} />
        <ProvenanceNote variables={previewed} />
      </Card.Body>
    </Card>
  );
}

function EyeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="me-1 align-text-bottom">
      <path
        fill="currentColor"
        d="M8 3C4.4 3 1.5 5.6.5 8c1 2.4 3.9 5 7.5 5s6.5-2.6 7.5-5c-1-2.4-3.9-5-7.5-5zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z"
      />
    </svg>
  );
}
