import { type RefObject, useEffect, useRef } from 'react';
import type uPlot from 'uplot';

/**
 * A uPlot chart drawn into `container` by `make` (given the container's width), made again when
 * `make` changes and destroyed with the component; its width follows the container's. Effects that
 * change the chart list `make` among their dependencies, so they run again on a new chart.
 */
export function useUplot(
  container: RefObject<HTMLDivElement | null>,
  make: (width: number) => uPlot,
): RefObject<uPlot | null> {
  const chart = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const made = make(element.clientWidth);
    chart.current = made;
    const resize = new ResizeObserver(() => made.setSize({ width: element.clientWidth, height: made.height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [container, make]);
  return chart;
}
