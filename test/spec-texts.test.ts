// The English catalogue keeps the specification's interface texts word for word
// (docs/spec-texts.json, ADR 0012): changing one of them in the catalogue fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '@portal/contract/messages';

const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '../docs/spec-texts.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;
const sections = Object.entries(fixture).filter(([section]) => section !== '$comment');
const catalogue: Record<string, string> = en;

describe("the specification's texts in the catalogue", () => {
  it.each(sections)('section %s', (_section, texts) => {
    expect(Object.keys(texts).length).toBeGreaterThan(0);
    for (const [key, text] of Object.entries(texts)) expect({ key, text: catalogue[key] }).toEqual({ key, text });
  });

  it('holds the texts that stood in several places under one key each', () => {
    // The spec's alerts share wording on purpose (two calls fail with the same text); a screen's
    // own text appears once, so a second copy would drift.
    const keysOf = (text: string) => Object.keys(catalogue).filter((key) => catalogue[key] === text);
    expect(keysOf('Login first to export data.')).toEqual(['auth.loginFirst']);
    expect(keysOf('Failed to export data, try again')).toEqual(['export.failed']);
    expect(keysOf('Date input not valid.')).toEqual(['timeseries.invalidDate']);
  });
});
