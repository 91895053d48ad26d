import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_COLOURS, CHART_FALLBACKS, type ChartSeries, type ChartSpec } from './chart-spec';

/**
 * Draws a report's chart with uPlot on a canvas (docs/decisions/063-report-charts-with-uplot.md). Fetched on
 * demand by chart.tsx, so uPlot is in the reports' chunk only. The canvas is a picture: the table beside it
 * carries the numbers, so there is no cursor, legend or selection to reach.
 */
export interface DrawnChart {
  setWidth: (width: number) => void;
  destroy: () => void;
}

const HEIGHT = 260;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000];

function colour(name: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || CHART_FALLBACKS[name] || '#000000';
}

/** Diagonal stripes in `ink`: the second series of bars is told apart by its hatching as well as its colour. */
function hatch(ink: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = tile.height = 8;
  const ctx = tile.getContext('2d');
  if (!ctx) return ink;
  ctx.strokeStyle = ink;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, 8);
  ctx.lineTo(8, 0);
  ctx.moveTo(-2, 2);
  ctx.lineTo(2, -2);
  ctx.moveTo(6, 10);
  ctx.lineTo(10, 6);
  ctx.stroke();
  return ctx.createPattern(tile, 'repeat') ?? ink;
}

function seriesOptions(spec: ChartSpec, s: ChartSeries, i: number): uPlot.Series {
  const ink = colour(CHART_COLOURS.series[i % CHART_COLOURS.series.length]!);
  if (spec.type === 'lines') {
    return {
      label: s.label,
      stroke: ink,
      width: s.style === 'dashed' ? 2 : 3,
      dash: s.style === 'dashed' ? [8, 5] : undefined,
      points: { show: false },
      spanGaps: false,
    };
  }
  const two = spec.series.length > 1;
  return {
    label: s.label,
    stroke: ink,
    width: 1.5,
    fill: s.style === 'hatched' ? hatch(ink) : ink,
    points: { show: false },
    paths: uPlot.paths.bars!({ size: [two ? 0.4 : 0.6, two ? 40 : 64], align: two ? (i === 0 ? -1 : 1) : 0 }),
  };
}

export function drawChart(target: HTMLElement, spec: ChartSpec, width: number): DrawnChart {
  const text = colour(CHART_COLOURS.text);
  const grid = { stroke: colour(CHART_COLOURS.grid), width: 1 };
  const font = '13px system-ui, sans-serif';
  const labelFont = 'bold 13px system-ui, sans-serif';
  const bars = spec.type === 'bars';
  const n = spec.x.length;
  const options: uPlot.Options = {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false, drag: { x: false, y: false } },
    scales: {
      x: bars ? { time: false, range: [-0.5, Math.max(n, 1) - 0.5] } : { time: false },
      y: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 1] },
    },
    axes: [
      {
        stroke: text,
        font,
        labelFont,
        label: spec.xTitle,
        grid: { show: !bars, ...grid },
        ...(bars
          ? {
              splits: () => spec.x,
              values: (_u: uPlot, splits: number[]) => splits.map((i) => spec.categories?.[i] ?? ''),
              // Many categories (the funnel's nine steps) would run into each other written flat.
              ...(n > 5 ? { rotate: -35, size: 84 } : {}),
            }
          : {}),
      },
      // Whole steps: counts and days read as 1, 2, 5, never as 0.5 or 1.5 of an application.
      { stroke: text, font, labelFont, label: spec.yTitle, grid, incrs: WHOLE_STEPS },
    ],
    series: [{}, ...spec.series.map((s, i) => seriesOptions(spec, s, i))],
  };
  const data: uPlot.AlignedData = [spec.x, ...spec.series.map((s) => s.values)];
  const chart = new uPlot(options, data, target);
  return {
    setWidth: (w) => chart.setSize({ width: w, height: HEIGHT }),
    destroy: () => chart.destroy(),
  };
}
