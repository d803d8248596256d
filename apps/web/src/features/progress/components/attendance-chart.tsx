import type { ProgressWeek } from '@tokenly/contract/progress';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

// uPlot draws the weekly bars on a canvas (about 22 KB gzip with this file, in this lazy chunk only); the page shows the
// same figures as a table, which is what a screen reader reads, so the canvas is an image with a label.

const HEIGHT = 220;

export default function AttendanceChart({ weeks, label }: { weeks: ProgressWeek[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = weeks.map((week) => Date.parse(`${week.week}T00:00:00Z`) / 1000);
    const hours = weeks.map((week) => Math.round(week.minutes / 6) / 10);
    const color = getComputedStyle(element).getPropertyValue('--mantine-color-teal-8').trim() || '#0c8599';
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        // Week starts are days, not instants in the viewer's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max))] } },
        axes: [{}, { label: 'h', size: 40 }],
        series: [
          {},
          {
            fill: color,
            stroke: color,
            paths: uPlot.paths.bars?.({ size: [0.6, 40] }),
            points: { show: false },
          },
        ],
      },
      [x, hours],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weeks]);
  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', minHeight: HEIGHT }} />;
}
