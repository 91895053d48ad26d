import type { TabsQuestion } from '@admissions/domain';
import * as Tabs from '@radix-ui/react-tabs';
import type { QuestionProps } from '../form-render-context';
import { descriptionIdOf, labelIdOf } from '../shell/field-ids';
import { FieldDescription } from '../shell/field-messages';
import { Heading, Subheadings } from '../shell/heading';
import { ReadOnlyField } from '../shell/read-only-field';
import styles from './tabs-question.module.css';

const tabIdOf = (key: string, tab: string) => `${key}-tab-${tab}`;
const panelIdOf = (key: string, tab: string) => `${key}-panel-${tab}`;

/** The pane on screen: the saved choice when it names a pane, else the default (as visibleChildren decides). */
function chosenPane(question: TabsQuestion, chosen: string | undefined) {
  return (
    question.tabs.find((t) => t.id === chosen) ??
    question.tabs.find((t) => t.id === question.defaultTab) ??
    question.tabs[0]
  );
}

/**
 * A choice between panes of questions (SPEC section 4, Tabs). The choice is
 * view state, saved by the caller through onTabChange, which may refuse it
 * (an upload in progress): the tabs are controlled, so nothing moves until
 * the caller's view says so. Activation is manual: arrow keys only move
 * focus, because switching clears the other pane's answers and that must not
 * happen by arrowing past a tab. Logged-out users see the default pane only.
 */
export function TabsQuestionField({ question, ctx, renderQuestions }: QuestionProps<TabsQuestion>) {
  const onTabChange = ctx.onTabChange;
  const pane = chosenPane(question, onTabChange || ctx.readOnly ? ctx.view.tabs[question.key] : undefined);
  if (!pane) return null;

  if (ctx.readOnly) {
    return (
      <div id={question.key} className={styles.tabs}>
        <ReadOnlyField label={question.label}>{pane.label}</ReadOnlyField>
        {renderQuestions(pane.questions)}
      </div>
    );
  }

  const header = (
    <>
      <Heading id={labelIdOf(question.key)} className={styles.title}>
        {question.label}
      </Heading>
      <FieldDescription fieldKey={question.key} text={question.description} />
    </>
  );

  if (!onTabChange) {
    return (
      <div id={question.key} role="group" className={styles.tabs} aria-labelledby={labelIdOf(question.key)}>
        {header}
        <Subheadings>
          <div className={styles.panel}>{renderQuestions(pane.questions)}</div>
        </Subheadings>
      </div>
    );
  }

  return (
    // A group, not a region: every repeated school has a "Transcript", and landmarks should be unique.
    <div id={question.key} role="group" className={styles.tabs} aria-labelledby={labelIdOf(question.key)}>
      {header}
      <Tabs.Root value={pane.id} onValueChange={(id) => onTabChange(question.key, id)} activationMode="manual">
        <Tabs.List
          className={styles.list}
          aria-labelledby={labelIdOf(question.key)}
          aria-describedby={question.description ? descriptionIdOf(question.key) : undefined}
        >
          {question.tabs.map((t) => (
            <Tabs.Trigger
              key={t.id}
              value={t.id}
              className={styles.trigger}
              id={tabIdOf(question.key, t.id)}
              aria-controls={panelIdOf(question.key, t.id)}
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The chosen pane as a tab panel of our own, not Tabs.Content: that one's Presence reads the panel's
            computed style as it mounts, which forced the whole new page's style work into the task that drew
            it (docs/decisions/025-declarative-routes-and-page-data.md). */}
        <div
          key={pane.id}
          role="tabpanel"
          id={panelIdOf(question.key, pane.id)}
          aria-labelledby={tabIdOf(question.key, pane.id)}
          tabIndex={0}
          className={styles.panel}
        >
          <Subheadings>{renderQuestions(pane.questions)}</Subheadings>
        </div>
      </Tabs.Root>
    </div>
  );
}
