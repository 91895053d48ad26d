import { QUESTION_KIND_NAMES } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTRACT_CASES } from './contract-cases';
import { pageOf, renderForm } from './form-test-utils';
import { QUESTION_RENDERERS } from './question-renderers';

/**
 * The contract every question kind keeps (ARCHITECTURE: a contract test runs
 * against every field type in the registry). The kinds come from the domain
 * registry, so a kind added there is tested here as soon as it has a case.
 */
const CONTROLS = 'input, select, textarea, button, [role="tab"], [contenteditable="true"]';
const MESSAGE = 'This answer needs attention.';

describe.each(QUESTION_KIND_NAMES)('question kind "%s"', (kind) => {
  const example = CONTRACT_CASES[kind];
  const page = pageOf(example.question);

  it('has a renderer and renders a labelled control (or its text)', () => {
    expect(QUESTION_RENDERERS[kind]).toBeTypeOf('function');
    renderForm(page, { answers: example.answers, ...example.context });
    expect(example.find()).toBeVisible();
  });

  it.skipIf(example.errorKey === null)('gives the control its answer key as id and name', () => {
    renderForm(page, { answers: example.answers, ...example.context });
    const control = document.getElementById(example.errorKey ?? '');
    expect(control).not.toBeNull();
    expect(control).toHaveAttribute('name', example.errorKey);
  });

  it.skipIf(example.errorKey === null)(
    'shows its error under the field, linked by aria-describedby, with aria-invalid',
    () => {
      const key = example.errorKey ?? '';
      renderForm(page, { answers: example.answers, ...example.context, errors: { [key]: [MESSAGE] } });
      expect(screen.getByText(MESSAGE)).toBeVisible();
      const control = document.getElementById(key);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(expect.stringContaining(MESSAGE));
    },
  );

  it.skipIf(!example.interact)('reports what the user changed through onChange, with _desc for choices', async () => {
    const { user, onChange } = renderForm(page, { answers: example.answers, ...example.context });
    await example.interact?.(user);
    if (example.expected === null) {
      expect(onChange).not.toHaveBeenCalled();
    } else {
      expect(onChange).toHaveBeenLastCalledWith(example.expected);
    }
  });

  it('renders no inputs and no error messages in the read-only print view', () => {
    const key = example.errorKey ?? 'none';
    const { container } = renderForm(page, {
      answers: { ...example.answers, ...example.printAnswers },
      ...example.context,
      readOnly: true,
      errors: { [key]: [MESSAGE] },
    });
    expect(container.querySelectorAll(CONTROLS)).toHaveLength(0);
    expect(screen.queryByText(MESSAGE)).toBeNull();
    if (typeof example.printText === 'string') expect(container.textContent).toContain(example.printText);
    else if (example.printText) expect(container.textContent).toMatch(example.printText);
  });
});

describe('the renderer registry', () => {
  it('has exactly the kinds of the domain registry', () => {
    expect(Object.keys(QUESTION_RENDERERS).sort()).toEqual([...QUESTION_KIND_NAMES].sort());
  });
});
