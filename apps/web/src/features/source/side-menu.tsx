import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from '../../routing';
import type { LayerSummary, Representation } from '@portal/contract/catalog';
import { filterLayerPath, sectorLayerPath } from '@portal/contract/rules';
import logo from '../../assets/logo.svg';
import { useSite } from '../../api/catalog';
import { TYPE_HEADING_KEYS } from '../../components/data-types';
import { LanguageSwitch } from '../../components/language-switch';
import { PortalLinks } from '../../components/portal-links';
import { UserMenu } from '../../components/user-menu';
import { useSession } from '../account/use-session';
import { CLICKED_LAYER_KEY } from '../maps/map-state';
import type { SourceLinks } from './source-links';

export interface SideMenuProps {
  mode: 'sectors' | 'filters';
  /** The representation shown; on filter pages also the filter type. */
  representation: Representation;
  /** Layer name of a raster layer page. */
  activeLayer?: string;
  sectorTitle?: string;
  /** The source's pages; absent on a filter page of a single layer. */
  links?: SourceLinks;
  /** Where 'Go back' leads: the sector landing or the filter overview. */
  backTo: string;
  layers: LayerSummary[];
}

// Glyphs of the raster group's toggle, not words: its name for screen readers is its aria-label.
const DISCLOSURE = { open: '▾', closed: '▸' } as const;

/** The source pages' side menu; on small screens it slides in from a 'Menu' button. */
export function SideMenu(props: SideMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline-secondary"
        size="sm"
        className="d-lg-none mb-3"
        onClick={() => setOpen(true)}
        aria-controls="side-menu"
        aria-expanded={open}
      >
        {t('sideMenu.open')}
      </Button>
      <Offcanvas
        id="side-menu"
        show={open}
        onHide={() => setOpen(false)}
        responsive="lg"
        aria-label={t('sideMenu.label')}
      >
        <Offcanvas.Header closeButton closeLabel={t('sideMenu.close')} />
        <Offcanvas.Body>
          <SideMenuContent {...props} />
        </Offcanvas.Body>
      </Offcanvas>
    </>
  );
}

function SideMenuContent({ mode, representation, activeLayer, sectorTitle, links, backTo, layers }: SideMenuProps) {
  const { t } = useTranslation();
  const site = useSite().data;
  const { email } = useSession();
  const [rasterOpen, setRasterOpen] = useState(representation === 'raster');
  const layerPath = (name: string) =>
    mode === 'filters' || !links ? filterLayerPath(name) : sectorLayerPath(links.home, name);
  // The raster group's list on sector pages, the '{Type} Data view' list on filter pages.
  const listClass = mode === 'sectors' && links ? 'raster-menu ps-3' : 'filter-layer-menu';
  const layerList =
    layers.length === 0 ? (
      <p className="small text-body-secondary mb-0 px-2">{t('maps.noLayers')}</p>
    ) : (
      <ul className={`list-unstyled mb-0 layer-list ${listClass}`}>
        {layers.map((layer) => (
          <li key={layer.name}>
            <Link
              to={layerPath(layer.name)}
              onClick={() => sessionStorage.setItem(CLICKED_LAYER_KEY, layer.name)}
              className={`side-menu-link small${layer.name === activeLayer ? ' active' : ''}`}
              aria-current={layer.name === activeLayer ? 'page' : undefined}
            >
              {layer.menuLabel}
            </Link>
          </li>
        ))}
      </ul>
    );

  return (
    <nav className="side-menu w-100" aria-label={t('sideMenu.label')}>
      <Link to="/" className="d-flex align-items-center gap-2 mb-3 text-decoration-none side-menu-brand">
        <img src={logo} alt="" width={40} height={40} />
        <span className="fs-5 fw-bold">{site ? `${site.shortName}!` : ''}</span>
      </Link>
      <ul className="list-unstyled d-lg-none mb-3">
        <li>
          <Link className="side-menu-link" to="/about">
            {t('topBar.about')}
          </Link>
        </li>
        <li>
          <Link className="side-menu-link" to="/partners">
            {t('topBar.partners')}
          </Link>
        </li>
        <PortalLinks className="side-menu-link" item="li" />
        <li>
          <LanguageSwitch place="side-menu" />
        </li>
        <li>
          {email ? (
            <UserMenu place="side-menu" />
          ) : (
            <Link className="side-menu-link" to="/login">
              {t('topBar.login')}
            </Link>
          )}
        </li>
      </ul>
      <ul className="list-unstyled mb-3">
        <li>
          {mode === 'sectors' ? (
            <Link className="side-menu-link" to="/sectors">
              {t('sectorPage.back')}
            </Link>
          ) : (
            <Link className="side-menu-link" to="/filters">
              {t('filterOverview.back')}
            </Link>
          )}
        </li>
        <li>
          <Link className="side-menu-link" to={backTo}>
            {t('sideMenu.back')}
          </Link>
        </li>
      </ul>
      {sectorTitle && <p className="sector-label fw-semibold mb-2">{t('sectorPage.title', { sector: sectorTitle })}</p>}
      {mode === 'sectors' && links ? (
        <>
          <h2 className="h6 text-uppercase side-menu-heading">{t('sideMenu.dataView')}</h2>
          <ul className="list-unstyled">
            <li>
              <NavLink end className="side-menu-link" to={links.timeseries}>
                {t('dataType.timeseries')}
              </NavLink>
            </li>
            <li className={representation === 'raster' ? 'group-active' : undefined}>
              <div className="d-flex align-items-center">
                <NavLink
                  end
                  className={`side-menu-link flex-grow-1${representation === 'raster' ? ' active' : ''}`}
                  to={links.raster}
                >
                  {t('dataType.raster')}
                </NavLink>
                <Button
                  variant="link"
                  size="sm"
                  className="raster-toggle"
                  aria-expanded={rasterOpen}
                  aria-controls="raster-layer-list"
                  aria-label={rasterOpen ? t('sideMenu.hideLayers') : t('sideMenu.showLayers')}
                  onClick={() => setRasterOpen((value) => !value)}
                >
                  {rasterOpen ? DISCLOSURE.open : DISCLOSURE.closed}
                </Button>
              </div>
              <div id="raster-layer-list" hidden={!rasterOpen}>
                {layerList}
              </div>
            </li>
            <li>
              <NavLink end className="side-menu-link" to={links.external}>
                {t('dataType.external')}
              </NavLink>
            </li>
          </ul>
        </>
      ) : (
        representation !== 'external' && (
          <>
            <h2 className="h6 text-uppercase side-menu-heading">
              {t('sideMenu.typeView', { type: t(TYPE_HEADING_KEYS[representation]) })}
            </h2>
            {layerList}
          </>
        )
      )}
    </nav>
  );
}
