import type { LogEvent } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ImageOrigin } from './layer-images.ts';

/** Seconds; the portal's answers range from a millisecond (health) to seconds (an export zip). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * The portal's Prometheus metrics, in a registry of their own (so several portals in one process,
 * as in the tests, keep apart): requests by route pattern, database queries, layer images and the
 * data loaded, with Node's process metrics (CPU, memory, event-loop delay, garbage collection).
 */
export class PortalMetrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (unmatched when no route) and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly queries = new Histogram({
    name: 'portal_db_query_duration_seconds',
    help: 'Time the database took for each query, by outcome (ok or error).',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });
  private readonly images = new Counter({
    name: 'portal_layer_images_total',
    help: 'Layer images asked for since the start, by where they came from: memory and disk are cache hits, render a miss.',
    labelNames: ['origin'] as const,
    registers: [this.registry],
  });
  private countDatasets: () => Promise<{ expected: number; loaded: number }> = async () => ({ expected: 0, loaded: 0 });
  private countHeavyReads: () => { running: number; waiting: number } = () => ({ running: 0, waiting: 0 });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // Every origin from the start, at 0, so a rate over them has a beginning.
    for (const origin of ['memory', 'disk', 'render'] satisfies ImageOrigin[]) this.images.inc({ origin }, 0);
    const countDatasets = () => this.countDatasets();
    new Gauge({
      name: 'portal_datasets',
      help: 'Datasets the manifests name (expected) and how many of them are loaded; below expected, /api/ready answers 503.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      // Read at each scrape, so the figure is never older than the scrape.
      async collect() {
        const { expected, loaded } = await countDatasets();
        this.set({ state: 'expected' }, expected);
        this.set({ state: 'loaded' }, loaded);
      },
    });
    const countHeavyReads = () => this.countHeavyReads();
    new Gauge({
      name: 'portal_heavy_reads',
      help: 'Previews, exports and pages of observations running and waiting for their turn (services/read-gate.ts).',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const { running, waiting } = countHeavyReads();
        this.set({ state: 'running' }, running);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  /** For Kysely's `log` option: every query's duration. */
  readonly observeQuery = (event: LogEvent): void => {
    this.queries.observe({ outcome: event.level === 'error' ? 'error' : 'ok' }, event.queryDurationMillis / 1000);
  };

  readonly observeImage = (origin: ImageOrigin): void => {
    this.images.inc({ origin });
  };

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  /** Where the heavy reads' figures come from, asked at each scrape. */
  watchHeavyReads(count: () => { running: number; waiting: number }): void {
    this.countHeavyReads = count;
  }

  /** Where the datasets' figures come from, asked at each scrape. */
  watchDatasets(count: () => Promise<{ expected: number; loaded: number }>): void {
    this.countDatasets = count;
  }
}
