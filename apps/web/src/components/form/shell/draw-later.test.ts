import { describe, expect, test } from 'vitest';
import { drawLater } from './draw-later';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('drawLater', () => {
  test('runs each draw in a task of its own, in the order asked, leaving out the cancelled ones', async () => {
    const ran: string[] = [];
    const cancelFirst = drawLater(() => ran.push('first'));
    drawLater(() => ran.push('second'));
    const cancelThird = drawLater(() => ran.push('third'));
    drawLater(() => ran.push('fourth'));
    cancelFirst();
    cancelThird();
    expect(ran).toEqual([]);

    const afterEachTask: string[][] = [];
    for (let task = 0; task < 6; task++) {
      await nextTask();
      afterEachTask.push([...ran]);
    }
    expect(ran).toEqual(['second', 'fourth']);
    // The cancelled first keeps its turn, as nothing; then one draw a task.
    expect(afterEachTask.slice(0, 3)).toEqual([[], ['second'], ['second', 'fourth']]);
  });
});
