import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertComparison, AlertSeries } from '@portal/contract/alerts';
import { formatFigure, formatPeriod } from '@portal/contract/figure-format';
import { useAddAlert, useAlerts, useAlertSeries, useEndAlert } from '../../api/alerts';
import { LoadError, Loading } from '../../components/status';
import { useLanguage } from '../../i18n';
import { Link } from '../../routing';
import { FormResultAlert, type FormResult, runCall } from '../account/form-result';

/** The account page's alerts on monthly county figures: the form that sets one, and the list with their last state. */
export function AlertList() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const series = useAlertSeries();
  const end = useEndAlert();
  const [result, setResult] = useState<FormResult>();
  if (alerts.isPending || series.isPending) return <Loading />;
  if (alerts.error) return <LoadError error={alerts.error} />;
  if (series.error) return <LoadError error={series.error} />;
  const onEnd = async (id: string) => {
    const outcome = await runCall(() => end.mutateAsync(id), t('callFailed.account'));
    setResult('refused' in outcome ? outcome.refused : undefined);
  };
  return (
    <>
      <p>{t('alerts.intro')}</p>
      <FormResultAlert result={result} />
      {alerts.data.length === 0 ? (
        <p className="text-body-secondary">{t('alerts.none')}</p>
      ) : (
        <Table size="sm" responsive className="alerts">
          <caption className="visually-hidden">{t('alerts.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('alerts.variable')}</th>
              <th scope="col">{t('alerts.county')}</th>
              <th scope="col">{t('alerts.alert')}</th>
              <th scope="col">{t('alerts.lastState')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('alerts.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {alerts.data.map((alert) => (
              <AlertRow key={alert.id} alert={alert} ending={end.isPending} onEnd={() => void onEnd(alert.id)} />
            ))}
          </tbody>
        </Table>
      )}
      {series.data.length === 0 ? (
        <p className="text-body-secondary">{t('alerts.noSeries')}</p>
      ) : (
        <AlertForm series={series.data} onResult={setResult} />
      )}
    </>
  );
}

function AlertRow({ alert, ending, onEnd }: { alert: Alert; ending: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const withUnit = (value: number) => `${formatFigure(value, language)} ${alert.unit}`.trim();
  return (
    <tr>
      <td>{alert.path ? <Link to={alert.path}>{alert.variable}</Link> : alert.variable}</td>
      <td>{alert.county}</td>
      <td>{t('alerts.rule', { side: t(`alerts.${alert.comparison}`), threshold: withUnit(alert.threshold) })}</td>
      <td>
        {alert.last
          ? t('alerts.state', {
              value: withUnit(alert.last.value),
              month: formatPeriod(alert.last.month, 'month', language),
              side: t(alert.last.onSide ? 'alerts.onSide' : 'alerts.offSide'),
            })
          : t('alerts.noState')}
      </td>
      <td className="text-end">
        <Button
          variant="outline-danger"
          size="sm"
          className="action-button"
          disabled={ending}
          aria-label={t('alerts.endLabel', { variable: alert.variable, county: alert.county })}
          onClick={onEnd}
        >
          {t('alerts.end')}
        </Button>
      </td>
    </tr>
  );
}

/** Sets an alert: a figure, one of the counties it has values for, below or above, and a value in its unit. */
function AlertForm({
  series,
  onResult,
}: {
  series: AlertSeries[];
  onResult: (result: FormResult | undefined) => void;
}) {
  const { t } = useTranslation();
  const add = useAddAlert();
  const [variable, setVariable] = useState(series[0].variable);
  const chosen = series.find((s) => s.variable === variable) ?? series[0];
  const [county, setCounty] = useState(chosen.counties[0]?.slug ?? '');
  const [comparison, setComparison] = useState<AlertComparison>('below');
  const [threshold, setThreshold] = useState('');

  const chooseVariable = (name: string) => {
    setVariable(name);
    const counties = series.find((s) => s.variable === name)?.counties ?? [];
    if (!counties.some((c) => c.slug === county)) setCounty(counties[0]?.slug ?? '');
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    onResult(undefined);
    // An empty or unreadable value goes to the server as it is, which says what is wrong with it.
    const value = threshold.trim() === '' ? threshold : Number(threshold);
    const outcome = await runCall(
      () => add.mutateAsync({ variable, county, comparison, threshold: value as number }),
      t('callFailed.account'),
    );
    if ('value' in outcome) setThreshold('');
    else onResult(outcome.refused);
  };

  return (
    <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-label={t('alerts.add')} className="mt-3 alert-form">
      <Row className="g-2">
        <Form.Group as={Col} md={6} controlId="alert-variable">
          <Form.Label>{t('alerts.variable')}</Form.Label>
          <Form.Select value={variable} onChange={(e) => chooseVariable(e.target.value)}>
            {series.map((s) => (
              <option key={s.variable} value={s.variable}>
                {s.variable}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="alert-county">
          <Form.Label>{t('alerts.county')}</Form.Label>
          <Form.Select value={county} onChange={(e) => setCounty(e.target.value)}>
            {chosen.counties.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="alert-comparison">
          <Form.Label>{t('alerts.comparisonLabel')}</Form.Label>
          <Form.Select value={comparison} onChange={(e) => setComparison(e.target.value as AlertComparison)}>
            <option value="below">{t('alerts.below')}</option>
            <option value="above">{t('alerts.above')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group as={Col} md={6} controlId="alert-threshold">
          <Form.Label>{t('alerts.thresholdUnit', { unit: chosen.unit })}</Form.Label>
          <Form.Control
            type="number"
            step="any"
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </Form.Group>
      </Row>
      <Button type="submit" className="mt-3" disabled={add.isPending}>
        {t('alerts.add')}
      </Button>
    </Form>
  );
}
