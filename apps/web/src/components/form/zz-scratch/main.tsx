import '../../../styles/theme.css';
import '../../../styles/global.css';
import { buildForm, type Answers } from '@admissions/domain';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FormPageBody } from '../form-page-body';

const form = buildForm({ shortName: 'NFC' });
const params = new URLSearchParams(location.search);
const page = form.pages[Number(params.get('page') ?? 0)]!;
const readOnly = params.has('print');

function App() {
  const [answers, setAnswers] = useState<Answers>({ applied_major: 'BMN', citizenship: 'FRA', country: 'USA', suspended: 'Y', college_degree_type: 'BACH', first_name: 'Ada' });
  const [view, setView] = useState({ addAnother: { college: 2 } as Record<string, number>, tabs: {} as Record<string, string> });
  return (
    <div style={{ maxWidth: '60rem', margin: '0 auto', padding: '1rem' }}>
      <h1>{page.title}</h1>
      <FormPageBody
        page={page}
        ctx={{
          answers,
          onChange: (c) => setAnswers((a) => ({ ...a, ...c })),
          errors: { first_name: ['First name'], suspended: ['Have you ever been dismissed?'], college_degree_earned_date: ['Date Conferred or Expected'], optin_sms_ind: ['x'] },
          view,
          onAddAnother: (id, n) => setView((v) => ({ ...v, addAnother: { ...v.addAnother, [id]: n } })),
          onTabChange: (id, t) => setView((v) => ({ ...v, tabs: { ...v.tabs, [id]: t } })),
          isLoggedIn: true,
          readOnly,
          now: new Date('2026-12-01'),
        }}
      />
    </div>
  );
}
createRoot(document.getElementById('root')!).render(<App />);
