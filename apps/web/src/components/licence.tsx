import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'react-i18next';

/** A licence as the manifest words it, marked while it still has to be checked. */
export function Licence({ licence, toVerify }: { licence: string; toVerify: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {licence}
      {toVerify && (
        <>
          {' '}
          <Badge bg="warning" text="dark" className="licence-to-verify" title={t('licence.toVerifyHint')}>
            {t('licence.toVerify')}
          </Badge>
        </>
      )}
    </>
  );
}
