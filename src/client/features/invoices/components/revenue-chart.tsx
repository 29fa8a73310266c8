import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatCentimes } from '#domain/format.ts';
import type { Revenue } from '#domain/schemas/invoices.ts';
import { invoiceTexts as t } from '#domain/texts/invoices.ts';
import styles from './invoices.module.css';

/**
 * The year's collected revenue per month as bars, drawn by uPlot (about 20 kB gzip). Only the
 * revenue page imports it, and pages are lazy chunks: uPlot loads with that page alone (a chunk
 * of its own would split the chunk every page shares, and cost the home page bytes). The same
 * figures are in the table beside it, so the canvas is hidden from screen readers.
 */
export function RevenueChart({ revenue }: { revenue: Revenue }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const bars = uPlot.paths.bars!({ size: [0.7, 48] });
    const data: uPlot.AlignedData = [revenue.mois.map((month) => month.mois), revenue.mois.map((month) => month.totalCentimes / 100)];
    const width = () => Math.max(280, element.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [0.5, 12.5] }, y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.1)] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((tick) => t.months[tick - 1]?.charAt(0).toUpperCase() ?? ''),
            splits: () => revenue.mois.map((month) => month.mois),
          },
          { size: 70, values: (_u, ticks) => ticks.map((tick) => formatCentimes(Math.round(tick * 100)).replace(/,00/, '')) },
        ],
        series: [
          {},
          { label: t.amount, fill: 'rgba(29, 78, 216, 0.55)', stroke: 'rgb(29, 78, 216)', paths: bars, points: { show: false } },
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
  }, [revenue]);
  return <div ref={box} className={styles.chart} aria-hidden="true" data-testid="revenue-chart" />;
}
