import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatCentimes } from '#domain/format.ts';
import styles from './month-chart.module.css';

/** One series of a month chart: an amount in cents per month (January first), drawn as bars or a line. */
export type MonthSeries = { label: string; centimes: readonly number[]; color: string; as: 'bars' | 'line' };

const fillOf = (rgb: string) => rgb.replace('rgb(', 'rgba(').replace(')', ', 0.55)');

/**
 * A year's amounts per month, drawn by uPlot (about 20 kB gzip): the revenue page's bars, the
 * margin page's revenue, expenses and margin. Only those lazy pages import it, so uPlot loads
 * with them alone (a chunk of its own would split the chunk every page shares, and cost the home
 * page bytes). The same figures are in the tables beside it, so the canvas is hidden from screen
 * readers. `months`: the months' names (their initial is the axis' label).
 */
export function MonthChart({ series, months, testId }: { series: readonly MonthSeries[]; months: readonly string[]; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const monthNumbers = months.map((_, index) => index + 1);
    let bar = 0;
    const data: uPlot.AlignedData = [monthNumbers, ...series.map((entry) => entry.centimes.map((cents) => cents / 100))];
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [0.5, 12.5] },
          y: { range: (_u, min, max) => [Math.min(0, min * 1.1), Math.max(100, max * 1.1)] },
        },
        axes: [
          { values: (_u, ticks) => ticks.map((tick) => months[tick - 1]?.charAt(0).toUpperCase() ?? ''), splits: () => monthNumbers },
          { size: 70, values: (_u, ticks) => ticks.map((tick) => formatCentimes(Math.round(tick * 100)).replace(/,00/, '')) },
        ],
        series: [
          {},
          ...series.map((entry): uPlot.Series => {
            if (entry.as === 'line') return { label: entry.label, stroke: entry.color, width: 2, points: { show: true, size: 5 } };
            // Bars drawn over each other, each narrower than the one before, so that every one shows.
            const paths = uPlot.paths.bars!({ size: [0.7 / 2 ** bar++, 48] });
            return { label: entry.label, fill: fillOf(entry.color), stroke: entry.color, paths, points: { show: false } };
          }),
        ],
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: 220 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [series, months]);
  return <div ref={box} className={styles.chart} aria-hidden="true" data-testid={testId} />;
}
