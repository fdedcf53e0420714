import { FocusTrap } from 'focus-trap-react';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { ImageFormat } from '@portal/contract/images';
import { type SharedView, viewImagePath } from '@portal/contract/share';
import { embedSnippet, viewEmbedPath, viewPagePath } from '@portal/contract/share-links';
import { CopyButton } from '../../components/copy-button';
import { usePublicUrl } from '../../components/public-url';
import { useLanguage } from '../../i18n';

// Escape and the focus's return are the Modal's; a click outside closes it, as the Modal decides.
const TRAP = { escapeDeactivates: false, allowOutsideClick: true, returnFocusOnDeactivate: false } as const;

interface ShareDialogProps {
  view: SharedView;
  title: string;
  show: boolean;
  onHide: () => void;
}

/**
 * The view's link, embed snippet, images and data, in a modal dialog: react-bootstrap's Modal closes
 * on Escape and gives the focus back to the Share button; focus-trap keeps Tab going round inside
 * (the Modal's own check lets it leave past the last control, to the browser's bar).
 */
export default function ShareDialog({ view, title, show, onHide }: ShareDialogProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const publicUrl = usePublicUrl();
  const id = useId();
  const link = publicUrl + viewPagePath(view);
  const embed = viewEmbedPath(view, language);
  const snippet = embed && embedSnippet(publicUrl + embed, title);
  // A file's format names it: PNG, SVG, CSV, JSON, the same in every language.
  const download = (format: ImageFormat) => (
    <a className="btn btn-outline-primary btn-sm" href={viewImagePath(view, format, language)} download>
      {format.toUpperCase()}
    </a>
  );
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={`${id}-title`} className="share-dialog" enforceFocus={false}>
      <FocusTrap focusTrapOptions={TRAP}>
        <div>
          <Modal.Header closeButton closeLabel={t('status.close')}>
            <Modal.Title as="h2" className="h5" id={`${id}-title`}>
              {t('share.title')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Form.Group className="mb-3" controlId={`${id}-link`}>
              <Form.Label className="fw-semibold">{t('share.link')}</Form.Label>
              <Form.Control readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="mb-1" />
              <CopyButton text={link} label={t('share.copyLink')} />
            </Form.Group>
            {snippet && (
              <Form.Group className="mb-3" controlId={`${id}-embed`}>
                <Form.Label className="fw-semibold">{t('share.embed')}</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  readOnly
                  value={snippet}
                  onFocus={(e) => e.currentTarget.select()}
                  className="mb-1 font-monospace small"
                />
                <CopyButton text={snippet} label={t('share.copyEmbed')} />
              </Form.Group>
            )}
            <h3 className="h6 mb-2">{t('share.files')}</h3>
            <div className="d-flex flex-wrap gap-2">
              {download('png')}
              {download('svg')}
              {download('csv')}
              {download('json')}
            </div>
          </Modal.Body>
        </div>
      </FocusTrap>
    </Modal>
  );
}
