import { describe, expect, it } from 'vitest';
import { tileOrigin } from './security.ts';

describe('tileOrigin', () => {
  it('gives the CSP source of a tile URL template, subdomain placeholders as a wildcard', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.basemaps.example.org/light/{z}/{x}/{y}@2x.png')).toBe(
      'https://*.basemaps.example.org',
    );
    expect(tileOrigin('http://localhost:8090/tiles/{z}/{x}/{y}.png')).toBe('http://localhost:8090');
  });
});
