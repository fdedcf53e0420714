import { useMemo } from 'react';
import type { County, CountyOutlines } from '@portal/contract/counties';

/** Width of the map's drawing space; its height follows Kenya's shape. */
export const COUNTY_MAP_WIDTH = 600;

export interface CountyShape extends County {
  /** SVG path data in the map's drawing space. */
  path: string;
}

/**
 * The outlines as SVG paths. At Kenya's latitudes (5° N to 5° S) a plain longitude/latitude grid
 * with north up differs from Web Mercator by under 0.4 %, so no projection library is needed.
 */
export function countyShapes(outlines: CountyOutlines): { shapes: CountyShape[]; height: number } {
  const rings = outlines.features.flatMap((f) =>
    f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat(),
  );
  const points = rings.flat();
  const west = Math.min(...points.map((p) => p[0]));
  const east = Math.max(...points.map((p) => p[0]));
  const south = Math.min(...points.map((p) => p[1]));
  const north = Math.max(...points.map((p) => p[1]));
  const scale = COUNTY_MAP_WIDTH / (east - west);
  const ring = (r: number[][]) =>
    `M${r.map(([lon, lat]) => `${((lon - west) * scale).toFixed(1)},${((north - lat) * scale).toFixed(1)}`).join('L')}Z`;
  const shapes = outlines.features.map((f) => {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    return { ...f.properties, path: polygons.flatMap((polygon) => polygon.map(ring)).join('') };
  });
  return { shapes, height: Math.ceil((north - south) * scale) };
}

export interface CountyMapProps {
  outlines: CountyOutlines;
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
  outlines,
  label,
  fill,
  selected,
  title,
  onHover,
  onSelect,
  className,
  period,
}: CountyMapProps) {
  const { shapes, height } = useMemo(() => countyShapes(outlines), [outlines]);
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
