import { lazy, Suspense, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { SharedView } from '@portal/contract/share';
import { ButtonIcon } from '../../components/icon';

// The dialog (and react-bootstrap's Modal) load at the first press: a page that is only read never loads them.
const ShareDialog = lazy(() => import('./share-dialog'));

/**
 * The Share button of a view: opens a dialog with the view's link, its embed snippet and its image
 * and data downloads. `title` names the view in the embed's frame, for screen readers.
 */
export function ShareButton({ view, title }: { view: SharedView; title: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        variant="outline-primary"
        className="action-button"
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <ButtonIcon name="share" /> {t('share.button')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ShareDialog view={view} title={title} show={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
