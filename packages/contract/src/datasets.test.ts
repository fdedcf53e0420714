import { describe, expect, it } from 'vitest';
import { licenceToVerify } from './licences.ts';

describe('licenceToVerify', () => {
  it("marks every licence whose text says 'verify', however it says it", () => {
    for (const licence of [
      'IPC/HDX, attribution required (to verify).',
      'To verify: FAO terms, CC BY 4.0 or CC BY-NC-SA 3.0 IGO (SOURCES.md)',
      // AQUASTAT dams and the WESM demand file say 'verify' without 'to'.
      'FAO terms — verify (CC BY 4.0 or CC BY-NC-SA 3.0 IGO)',
      'Data file CC BY 4.0 (repository README). Verify: per docs/source/demands.rst, the 2019 base-year demand was derived from the IEA 2019 energy balance',
    ])
      expect(licenceToVerify(licence), licence).toBe(true);
  });

  it('leaves a settled licence unmarked', () => {
    for (const licence of ['CC BY 4.0', 'CC BY-NC-SA 4.0', 'Verified against the publisher’s terms: CC BY 4.0'])
      expect(licenceToVerify(licence), licence).toBe(false);
  });
});
