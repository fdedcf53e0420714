import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { useFollows, useSetFollowing } from '../../api/follows';
import { LoadError, Loading } from '../../components/status';
import { useLanguage } from '../../i18n';
import { Link } from '../../routing';
import { FormResultAlert, type FormResult, runCall } from '../account/form-result';
import { formatDateTime } from '../account/format';

/** The account page's list of what the user follows by e-mail, each with a button that ends it. */
export function FollowList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const follows = useFollows();
  const setFollowing = useSetFollowing();
  const [result, setResult] = useState<FormResult>();
  if (follows.isPending) return <Loading />;
  if (follows.error) return <LoadError error={follows.error} />;
  const end = async (kind: 'dataset' | 'source' | 'county', target: string) => {
    const outcome = await runCall(
      () => setFollowing.mutateAsync({ kind, target, following: false }),
      t('callFailed.account'),
    );
    setResult('refused' in outcome ? outcome.refused : undefined);
  };
  return (
    <>
      <p>{t('follows.intro')}</p>
      <FormResultAlert result={result} />
      {follows.data.length === 0 ? (
        <p className="text-body-secondary">{t('follows.none')}</p>
      ) : (
        <Table size="sm" responsive className="follows">
          <caption className="visually-hidden">{t('follows.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('follows.what')}</th>
              <th scope="col">{t('follows.kind')}</th>
              <th scope="col">{t('follows.since')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('follows.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {follows.data.map((f) => (
              <tr key={`${f.kind}:${f.target}`}>
                <td>{f.path ? <Link to={f.path}>{f.title}</Link> : f.title}</td>
                <td>{t(`follows.kind.${f.kind}`)}</td>
                <td>{formatDateTime(f.createdAt, language)}</td>
                <td className="text-end">
                  <Button
                    variant="outline-danger"
                    size="sm"
                    className="action-button"
                    disabled={setFollowing.isPending}
                    aria-label={t('follows.endLabel', { title: f.title })}
                    onClick={() => void end(f.kind, f.target)}
                  >
                    {t('follows.end')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
