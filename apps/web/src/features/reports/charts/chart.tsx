import { useEffect, useRef } from 'react';
import type { ChartSpec, SeriesStyle } from './chart-spec';
import styles from '../reports.module.css';

/** Whether this page can draw: a browser with canvas (jsdom and old engines have none; the table stands alone then). */
function canDraw(): boolean {
  if (typeof window.matchMedia !== 'function' || typeof ResizeObserver !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * A report's chart: a canvas drawn by uPlot once its code has arrived, with a legend in words. It is a picture
 * for the eye (`aria-hidden`): the report's summary and its table say the same to everyone. Where there is no
 * canvas, or uPlot fails to load, the space stays empty and nothing else changes.
 */
export function Chart({ spec }: { spec: ChartSpec }) {
  const canvasRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = canvasRef.current;
    if (!target || !canDraw()) return;
    let cancelled = false;
    let destroy = () => {};
    import('./draw-chart')
      .then(({ drawChart }) => {
        if (cancelled) return;
        try {
          const chart = drawChart(target, spec, target.clientWidth || 600);
          const observer = new ResizeObserver(() => {
            if (target.clientWidth > 0) chart.setWidth(target.clientWidth);
          });
          observer.observe(target);
          destroy = () => {
            observer.disconnect();
            chart.destroy();
          };
        } catch {
          target.replaceChildren();
        }
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      destroy();
    };
  }, [spec]);

  return (
    <div className={styles.chart} aria-hidden="true">
      {spec.series.length > 1 && (
        <ul className={styles.legend}>
          {spec.series.map((s, i) => (
            <li key={s.label}>
              <Swatch style={s.style} type={spec.type} index={i} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <div ref={canvasRef} className={styles.canvas} data-testid="chart-canvas" />
    </div>
  );
}

/** The legend's sample of a series: its line (solid or dashed) or its bar (filled or hatched). */
function Swatch({ style, type, index }: { style: SeriesStyle; type: ChartSpec['type']; index: number }) {
  const ink = index === 0 ? 'var(--color-primary-main)' : 'var(--color-secondary-dark)';
  return (
    <svg width="28" height="14" viewBox="0 0 28 14" className={styles.swatch}>
      {type === 'lines' ? (
        <line
          x1="1"
          y1="7"
          x2="27"
          y2="7"
          stroke={ink}
          strokeWidth={style === 'dashed' ? 2 : 3}
          strokeDasharray={style === 'dashed' ? '8 5' : undefined}
        />
      ) : (
        <>
          <defs>
            <pattern id={`hatch-${index}`} width="6" height="6" patternUnits="userSpaceOnUse">
              <path d="M0 6 L6 0" stroke={ink} strokeWidth="1.5" />
            </pattern>
          </defs>
          <rect
            x="1"
            y="1"
            width="26"
            height="12"
            stroke={ink}
            strokeWidth="1.5"
            fill={style === 'hatched' ? `url(#hatch-${index})` : ink}
          />
        </>
      )}
    </svg>
  );
}
