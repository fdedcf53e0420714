import type { County, CountyMapShapes } from '@portal/contract/counties';
import { COUNTY_MAP_WIDTH } from '@portal/contract/county-shapes';

export interface CountyMapProps {
  /** The counties as SVG paths, drawn by the server. */
  drawing: CountyMapShapes;
  /** What the map shows, read out in place of the drawing. */
  label: string;
  /** Each county's fill colour; counties left out are drawn as having no value. */
  fill?: (slug: string) => string | undefined;
  /** A county drawn with a heavy outline. */
  selected?: string;
  /** A county's tooltip text. */
  title?: (county: County) => string;
  onHover?: (slug: string | null) => void;
  onSelect?: (slug: string) => void;
  className?: string;
  /** The period the fills show, written as `data-period` once they are drawn, so a test or benchmark can wait for a period. */
  period?: string;
}

/**
 * The 47 counties drawn as inline SVG. Pointer users hover and click counties; the pages that use
 * the map give keyboard and screen-reader users the same counties as a list or table.
 */
export function CountyMap({
  drawing: { shapes, height },
  label,
  fill,
  selected,
  title,
  onHover,
  onSelect,
  className,
  period,
}: CountyMapProps) {
  const chosen = shapes.find((s) => s.slug === selected);
  return (
    <svg
      className={`county-map ${className ?? ''}`}
      viewBox={`0 0 ${COUNTY_MAP_WIDTH} ${height}`}
      role="img"
      aria-label={label}
      data-period={period}
      onMouseLeave={() => onHover?.(null)}
    >
      {shapes.map((shape) => (
        <path
          key={shape.slug}
          d={shape.path}
          data-county={shape.slug}
          className={`county-shape${fill && !fill(shape.slug) ? ' county-no-value' : ''}${onSelect ? ' county-clickable' : ''}`}
          fill={fill?.(shape.slug) ?? (fill ? undefined : 'var(--county-fill)')}
          onMouseEnter={() => onHover?.(shape.slug)}
          onClick={() => onSelect?.(shape.slug)}
        >
          {title && <title>{title(shape)}</title>}
        </path>
      ))}
      {/* Drawn last so its heavy outline is not hidden under its neighbours'. */}
      {chosen && <path d={chosen.path} className="county-selected" fill="none" />}
    </svg>
  );
}
