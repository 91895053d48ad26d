import { expect, test } from 'vitest';
test('runs', () => { expect(document.createElement('div')).toBeInTheDocument(); });
