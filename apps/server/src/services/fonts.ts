import { createRequire } from 'node:module';

/**
 * Noto Sans (SIL Open Font License 1.1, see the @fontsource/noto-sans package), Latin letters: all
 * that English, Swahili and the data's names need. Shipped with the portal as a dependency, so an
 * image or a fact sheet looks the same on every machine.
 */
export const notoSansFile = (weight: 400 | 700) =>
  createRequire(import.meta.url).resolve(`@fontsource/noto-sans/files/noto-sans-latin-${weight}-normal.woff`);
