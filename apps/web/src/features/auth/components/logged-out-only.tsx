import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isLeavingForLogin } from '../../../shared/session/leave-for-login';
import { isLoggedInNow } from '../../../shared/session/session-store';

/**
 * /login and /signup are for people who are not logged in: someone who is
 * goes to their application instead (the redirect rules then pick the page).
 * Decided once, when the screen opens: a login made on this screen leads on
 * with its own message and answers, and a logout on its way here is let through.
 */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  const [alreadyIn] = useState(() => isLoggedInNow() && !isLeavingForLogin());
  return alreadyIn ? <Navigate to="/" replace /> : children;
}
