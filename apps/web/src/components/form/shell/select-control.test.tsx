import { COUNTRIES } from '@admissions/domain';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, test } from 'vitest';
import { SelectControl } from './select-control';

// Rendered outside Testing Library's act(), which would run the effects at once: here they run as in a
// browser, after the first paint, so the first drawing can be looked at.
let unmount = () => {};
afterEach(() => unmount());

function drawCountries(value: string, lists = 1) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(
    Array.from({ length: lists }, (_, i) => (
      <SelectControl key={i} aria-label={`Country ${i + 1}`} options={COUNTRIES} value={value} onChoose={() => {}} />
    )),
  );
  unmount = () => {
    root.unmount();
    container.remove();
  };
  return container.querySelector('select')!;
}

const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('a long select list', () => {
  test('shows the chosen answer at once, and offers every option once the page has been painted', async () => {
    const select = drawCountries('CAN');
    expect(select.value).toBe('CAN');
    expect(select.selectedOptions[0]!.textContent).toBe('Canada');
    expect(select.options.length).toBeLessThan(COUNTRIES.length);

    await afterPaint();
    expect([...select.options].map((o) => o.value)).toEqual(COUNTRIES.map((o) => o.value));
    expect(select.value).toBe('CAN');
  });

  test('offers every option as soon as it is touched, before the page has settled', async () => {
    const select = drawCountries('');
    expect(select.value).toBe('');
    expect(select.options.length).toBeLessThan(COUNTRIES.length);
    select.focus();
    await Promise.resolve();
    expect(select.options).toHaveLength(COUNTRIES.length);
  });

  test('several are filled one a task, so that no one task draws them all', async () => {
    drawCountries('', 3);
    const selects = [...document.querySelectorAll('select')];
    const filled = () => selects.filter((s) => s.options.length === COUNTRIES.length).length;
    const seen = [filled()];
    for (let task = 0; task < 200 && seen.at(-1)! < 3; task++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      seen.push(filled());
    }
    expect(seen.at(-1)).toBe(3);
    // Counted after every task: each adds one list at most.
    expect(seen.slice(1).every((count, i) => count - seen[i]! <= 1)).toBe(true);
  });
});
