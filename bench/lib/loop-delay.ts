// Loaded with `node --import` into a server that bench/load.ts starts: samples the event loop's
// delay every millisecond and, asked 'loop-delay' over the IPC channel, answers its p50, p99 and
// largest delay in ms since the last question, then starts afresh.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('message', (message) => {
  if (message !== 'loop-delay') return;
  const ms = (ns: number) => ns / 1e6;
  process.send!({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) });
  histogram.reset();
});
// The channel must not keep a server alive that was told to stop.
process.channel?.unref();
