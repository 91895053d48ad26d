import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { expect, test } from 'vitest';
import { settleAfterPaint } from './settle-after-paint';

test('waits out the effect flush that a render outside act() leaves scheduled', async () => {
  let show: (text: string) => void = () => {};
  const seen: string[] = [];
  function Shown() {
    const [text, setText] = useState('first');
    show = setText;
    useEffect(() => void seen.push(text), [text]);
    return <p>{text}</p>;
  }
  render(<Shown />);

  show('second');
  // Preact renders in a microtask; no frame or timer can run before the checks below.
  await Promise.resolve();
  await Promise.resolve();
  expect(screen.getByText('second')).toBeInTheDocument();
  // Drawn, and its effect waits for a frame or a 35 ms timer: the window a file must not end in.
  expect(seen).toEqual(['first']);

  await settleAfterPaint();
  expect(seen).toEqual(['first', 'second']);
});
