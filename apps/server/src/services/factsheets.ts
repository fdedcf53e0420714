import { createHash } from 'node:crypto';
import { Piscina } from 'piscina';
import type { Language } from '@portal/contract/messages';
import type { FactsheetInput } from './factsheet-pdf.ts';

/**
 * A county's fact sheet names the data it was made from: the same data load, county and language
 * make an equivalent document (only the date it says it was made may differ between replicas),
 * hence a weak ETag, which every replica works out alike without making the PDF.
 */
export const factsheetEtag = (dataStamp: string, slug: string, language: Language) =>
  `W/"${createHash('sha256').update(dataStamp).digest('hex').slice(0, 16)}-${slug}-${language}"`;

/**
 * Fact sheets made in a worker thread and kept until the data change. Drawing one takes the
 * processor for a noticeable while (fonts, every row laid out, the map's 47 outlines); in a worker
 * the server goes on answering other requests meanwhile. One worker is enough: a fact sheet is
 * made once per county, language and data load (at most 94 kept, about 40 kB each), and one worker
 * leaves the other core to the requests.
 */
export class CountyFactsheets {
  private pool: Piscina<FactsheetInput, Uint8Array> | null = null;
  private made = new Map<string, Promise<Uint8Array>>();
  private stamp: string | null = null;

  /**
   * The fact sheet for `etag`, made by `input()` when not kept. A data load (a new `dataStamp`)
   * forgets every kept one.
   */
  async factsheet(dataStamp: string, etag: string, input: () => Promise<FactsheetInput>): Promise<Uint8Array> {
    if (this.stamp !== dataStamp) {
      this.stamp = dataStamp;
      this.made.clear();
    }
    let pdf = this.made.get(etag);
    if (!pdf) {
      pdf = input().then((data) => this.workers().run(data));
      this.made.set(etag, pdf);
      // A failed one is not kept: the next request tries again.
      pdf.catch(() => {
        if (this.made.get(etag) === pdf) this.made.delete(etag);
      });
    }
    return pdf;
  }

  private workers(): Piscina<FactsheetInput, Uint8Array> {
    this.pool ??= new Piscina({
      filename: new URL('./factsheet-pdf.ts', import.meta.url).href,
      // The worker is TypeScript, loaded as the server is (npm start runs it through tsx).
      execArgv: ['--import', 'tsx'],
      // Starting a worker (loading pdfkit, the fonts, the texts) takes longer than making a fact
      // sheet, so one is kept running.
      minThreads: 1,
      maxThreads: 1,
    });
    return this.pool;
  }

  /** Starts the worker ahead of the first fact sheet, so that its reader does not wait for it. */
  warm(): void {
    this.workers();
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
