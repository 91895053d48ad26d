/**
 * What a report asks a chart to draw, in the report's own terms; draw-chart.ts turns it into uPlot's options.
 * Series tell themselves apart by their line or fill (solid, dashed, hatched) and by their legend's words, not
 * by colour alone.
 */
export type SeriesStyle = 'solid' | 'dashed' | 'hatched';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  style: SeriesStyle;
}

export interface ChartSpec {
  /** Bars over named categories (at most two series, side by side) or lines over a number line. */
  type: 'bars' | 'lines';
  /** The x values: 0…n−1 for bars (named by `categories`), the day of the cycle for lines. */
  x: number[];
  categories?: string[];
  xTitle: string;
  yTitle: string;
  series: ChartSeries[];
}

/**
 * Bars over a report's rows, one category a row, named by `category`; each series draws one number of every row,
 * the first solid and the second hatched (a bar chart has at most two).
 */
export function barsOf<R>(
  rows: readonly R[],
  {
    category,
    xTitle,
    yTitle,
    series,
  }: {
    category: (row: R) => string;
    xTitle: string;
    yTitle: string;
    series: { label: string; value: (row: R) => number | null }[];
  },
): ChartSpec {
  return {
    type: 'bars',
    x: rows.map((_, i) => i),
    categories: rows.map((row) => category(row)),
    xTitle,
    yTitle,
    series: series.map(({ label, value }, i) => ({
      label,
      values: rows.map((row) => value(row)),
      style: i === 0 ? 'solid' : 'hatched',
    })),
  };
}

/**
 * The colours, from the theme (styles/theme.css), each at least 3:1 against the white page (WCAG 1.4.11):
 * the first series in the primary colour, the second in the secondary's dark shade; text and grid in neutrals.
 */
export const CHART_COLOURS = {
  series: ['--color-primary-main', '--color-secondary-dark'],
  text: '--color-neutral-dark',
  grid: '--color-neutral-light',
} as const;

export const CHART_FALLBACKS: Record<string, string> = {
  '--color-primary-main': '#1f4e8c',
  '--color-secondary-dark': '#6b4d00',
  '--color-neutral-dark': '#22262c',
  '--color-neutral-light': '#c9ced6',
};
