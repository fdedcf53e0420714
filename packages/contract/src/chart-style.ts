// One chart style for the pages and the server's images: the line and bar colours, and the county
// map's class colours, so a downloaded image looks like the view it came from.

/**
 * Twelve colours that differ from each other: Okabe and Ito's eight, then four of Paul Tol's darker
 * ones. More lines than this share one neutral colour, and the lines picked out (hovered, or
 * matching the legend's filter) take the highlight colour.
 */
export const PALETTE = [
  '#0072B2',
  '#D55E00',
  '#009E73',
  '#CC79A7',
  '#E69F00',
  '#56B4E9',
  '#000000',
  '#999933',
  '#882255',
  '#332288',
  '#117733',
  '#8C510A',
];
export const NEUTRAL = '#8C8C8C';
export const HIGHLIGHT = '#D55E00';
// The neutral colour, faint: lines left behind while others are picked out.
export const FADED = 'rgba(140, 140, 140, 0.3)';

/** From this many series on, the legend is compact: folded on phones, with a filter (more than eight). */
export const COMPACT_LEGEND_FROM = 9;

/**
 * The colour of line `index` of `count`: its own up to twelve lines, else the neutral one; picked
 * out, the highlight beyond twelve; faded while other lines are picked out.
 */
export function lineColour(index: number, count: number, emphasis: 'plain' | 'picked' | 'faded'): string {
  if (emphasis === 'faded') return FADED;
  if (count <= PALETTE.length) return PALETTE[index];
  return emphasis === 'picked' ? HIGHLIGHT : NEUTRAL;
}

/**
 * ColorBrewer's YlGnBu (colorbrewer2.org, Cynthia Brewer), sequential from light yellow for the
 * lowest class to dark blue for the highest: the order of the values reads at a glance, colour-blind
 * readers and grey print keep it, and for rainfall and its anomalies it reads dry to wet as well.
 */
const YL_GN_BU: Record<3 | 4 | 5, string[]> = {
  3: ['#edf8b1', '#7fcdbb', '#2c7fb8'],
  4: ['#ffffcc', '#a1dab4', '#41b6c4', '#225ea8'],
  5: ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'],
};

/** A county without a value: the light grey of `.county-no-value` in the web app's styles.css, apart from every class colour. */
export const NO_VALUE_COLOUR = '#d9d9d9';

/** The colour of each class, lowest first, for as many classes as the breaks make (1 to 5). */
export function classColours(classCount: number): string[] {
  if (classCount >= 3) return YL_GN_BU[Math.min(classCount, 5) as 3 | 4 | 5];
  return classCount === 2 ? [YL_GN_BU[3][0], YL_GN_BU[3][2]] : [YL_GN_BU[3][1]];
}
