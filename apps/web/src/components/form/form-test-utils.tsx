import {
  descKey,
  type AddAnotherQuestion,
  type Answers,
  type FileQuestion,
  type FormPage,
  type OptionList,
  type Question,
} from '@admissions/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { vi } from 'vitest';
import { FormPageBody, type FormRenderContext } from './form-page-body';

/** A one-section page holding the given questions. */
export function pageOf(...questions: Question[]): FormPage {
  return {
    id: 'about',
    path: '/about',
    title: 'Test page',
    step: 1,
    sections: [{ key: 'test', title: 'Test section', questions }],
  };
}

/* Small question literals: the domain's builders are internal to its form definition. */
export const textQ = (key: string, label: string, maxLength = 45): Question => ({
  kind: 'text',
  key,
  label,
  maxLength,
});
export const selectQ = (key: string, label: string, options: OptionList): Question => ({
  kind: 'select',
  key,
  label,
  options,
  descKey: descKey(key),
  maxLength: 10,
});
export const repeater = (key: string, maxRepeats: number, item: (prefix: string) => Question[]): AddAnotherQuestion => {
  const prefixes = Array.from({ length: maxRepeats }, (_, i) => (i === 0 ? `${key}_` : `${key}_${i + 1}_`));
  return {
    kind: 'add-another',
    key,
    label: 'Previous Schools',
    buttonLabel: 'Add Another School',
    itemTitle: 'School',
    maxRepeats,
    prefixes,
    items: prefixes.map(item),
  };
};

/**
 * What the harness shows for a logged-in file question unless a test gives
 * its own: the real widget (features/documents) needs the document calls,
 * and the renderer's tests only need a control with the key as id and name.
 */
function fileStandIn(question: FileQuestion) {
  return <input type="file" id={question.key} name={question.key} aria-label={question.label} />;
}

interface RenderFormOptions extends Partial<Omit<FormRenderContext, 'view'>> {
  view?: Partial<FormRenderContext['view']>;
}

/**
 * Renders FormPageBody as its caller would: answers and view state live in
 * the harness and follow every onChange / onAddAnother / onTabChange (each
 * also a spy), so controlled inputs behave as on the real page. Passing
 * onAddAnother or onTabChange as undefined leaves them out (logged out).
 */
export function renderForm(page: FormPage, options: RenderFormOptions = {}) {
  const onChange = vi.fn<(changes: Answers) => void>();
  const onAddAnother = vi.fn<(buttonId: string, count: number) => void>();
  const onTabChange = vi.fn<(tabId: string, chosenTab: string) => void>();
  const withAddAnother = !('onAddAnother' in options) || options.onAddAnother !== undefined;
  const withTabs = !('onTabChange' in options) || options.onTabChange !== undefined;

  let setAnswersOutside: (update: (answers: Answers) => Answers) => void = () => {};

  function Harness() {
    const [answers, setAnswers] = useState<Answers>(options.answers ?? {});
    setAnswersOutside = setAnswers;
    const [view, setView] = useState({ addAnother: {}, tabs: {}, ...options.view });
    const ctx: FormRenderContext = {
      errors: {},
      isLoggedIn: true,
      readOnly: false,
      renderFile: fileStandIn,
      ...options,
      answers,
      view,
      onChange: (changes) => {
        onChange(changes);
        setAnswers((a) => ({ ...a, ...changes }));
      },
      // A function given by the test replaces the harness's own (e.g. one that refuses a tab switch).
      onAddAnother: !withAddAnother
        ? undefined
        : (id, count) => {
            onAddAnother(id, count);
            if (options.onAddAnother) options.onAddAnother(id, count);
            else setView((v) => ({ ...v, addAnother: { ...v.addAnother, [id]: count } }));
          },
      onTabChange: !withTabs
        ? undefined
        : (id, tab) => {
            onTabChange(id, tab);
            if (options.onTabChange) options.onTabChange(id, tab);
            else setView((v) => ({ ...v, tabs: { ...v.tabs, [id]: tab } }));
          },
    };
    return <FormPageBody page={page} ctx={ctx} />;
  }

  // No pause between keystrokes: no widget depends on typing speed.
  const user = userEvent.setup({ delay: null });
  // The lookup widget asks the server through React Query; each render gets a client of its own, as the app has one.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  /** Changes answers as the caller would (a clearing rule, a lookup), not through a widget. */
  const setAnswers = (changes: Answers) => act(() => setAnswersOutside((a) => ({ ...a, ...changes })));
  return { ...view, user, onChange, onAddAnother, onTabChange, setAnswers };
}
