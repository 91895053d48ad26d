import { deriveWebStatus, type CarryOverResponse, type ProfileResponse } from '@admissions/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { userMessage } from '../../../lib/api-errors';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { carryOver } from '../api/answers-api';
import { useTemporaryAnswers } from '../api/temporary-answers-api';
import { isStepPath } from '../form-pages';
import type { AnswersStore } from './answers-store';
import { nonEmptyAnswers } from './answers-store';

interface BootInputs {
  isLoggedIn: boolean;
  profile: ProfileResponse | undefined;
  /** Everything a logged-in page needs has arrived (profile, add-another, tabs). */
  userDataLoaded: boolean;
  store: AnswersStore;
  onSaveError: (error: unknown) => void;
  /** The server's answer to the answers a visitor typed before this login (never overwriting saved ones). */
  onCarried: (result: CarryOverResponse) => void;
}

/**
 * What happens once, when the form pages open, before any page shows:
 * - a visitor's answers from a resume link (?token=) or handed over in
 *   navigation state are loaded into memory;
 * - at a login, the answers a visitor typed before (navigation state) are
 *   offered to the account, which takes them only for unanswered questions
 *   (onCarried shows the rest for the applicant to choose), and then
 *   dropped from the history entry so a reload does not offer them again;
 * - a returning applicant is taken to the page they were last on.
 * Returns whether the page may show: never a flash of empty answers or of
 * the page being left.
 */
export function useBoot({ isLoggedIn, profile, userDataLoaded, store, onSaveError, onCarried }: BootInputs): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [initial] = useState(() => ({
    state: readNavigationState(location.state),
    token: new URLSearchParams(location.search).get('token'),
  }));
  const temporary = useTemporaryAnswers(isLoggedIn ? null : initial.token);
  const [booted, setBooted] = useState(false);
  /** The history entry boot replaced: the page shows once the router has moved on from it. */
  const [replacedKey, setReplacedKey] = useState<string | null>(null);
  const started = useRef(false);
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(showTimer.current), []);

  const loaded = isLoggedIn ? userDataLoaded && profile !== undefined : !temporary.isLoading;

  useEffect(() => {
    if (!loaded || started.current) return;
    started.current = true;

    if (isLoggedIn && profile) {
      store.setSaved(profile.answer);
      const carried = nonEmptyAnswers(initial.state.answers ?? {});
      // The server fills only unanswered questions and reports the differing ones (POST /api/carry-over).
      if (Object.keys(carried).length > 0) carryOver(carried).then(onCarried, onSaveError);
      const { last_page: lastPage } = profile;
      const lands =
        isStepPath(lastPage) && lastPage !== location.pathname && deriveWebStatus(profile.web_status) !== 'submitted';
      if (lands || initial.state.answers) {
        const { answers: _carried, ...rest } = initial.state;
        const state: NavigationState | null = Object.keys(rest).length > 0 ? rest : null;
        const to = lands ? { pathname: lastPage, search: location.search } : location;
        setReplacedKey(location.key);
        void navigate(to, { replace: true, state });
      }
    } else {
      const visitorAnswers = { ...temporary.data?.answer, ...initial.state.answers };
      store.change(visitorAnswers);
      if (temporary.isError) {
        showToast({ title: 'Saved Answers Error', description: userMessage(temporary.error), severity: 'error' });
      }
    }
    // Drawing the whole page is the longest task of a load on a slow phone. It gets a task of its
    // own rather than following, in this one, every effect of the loading state's render: a tap
    // between the two is answered.
    showTimer.current = setTimeout(() => setBooted(true), 0);
  }, [loaded, isLoggedIn, profile, store, onSaveError, onCarried, initial, location, navigate, temporary, showToast]);

  return booted && location.key !== replacedKey;
}
