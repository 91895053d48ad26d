import { completeAnswers } from '@admissions/domain/testing';
import {
  RECOMMENDATION_OPEN_PATH,
  recommendationRequestPath,
  RECOMMENDATIONS_PATH,
  type RecommendationsResponse,
  type RecommenderState,
} from '@admissions/domain';
import { applicantWith, type Applicant } from './staff-helpers';
import { expectOk, type TestApp, type TestClient } from './test-app';

/** A MAE applicant (a program that asks for letters) whose first recommender is Grace Hopper at `email`. */
export function applicantAskingLetters(
  t: TestApp,
  applicant: string,
  recommender: string,
  extra: Record<string, string> = {},
): Promise<Applicant> {
  return applicantWith(t, applicant, {
    ...completeAnswers(),
    applied_major: 'MAE',
    recommender_email: recommender,
    ...extra,
  });
}

/** Every letter link e-mailed to an address so far, oldest first. */
export function linkTokens(t: TestApp, address: string): string[] {
  return t.smtp
    .to(address)
    .map((m) => /\/recommend\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1])
    .filter((token): token is string => !!token);
}

export function lastLinkToken(t: TestApp, address: string): string {
  const token = linkTokens(t, address).at(-1);
  if (!token) throw new Error(`no letter link mailed to ${address}`);
  return token;
}

export async function states(client: TestClient): Promise<RecommenderState[]> {
  return (await expectOk(await client.get(RECOMMENDATIONS_PATH))).json<RecommendationsResponse>().recommenders;
}

export async function requestFirst(client: TestClient): Promise<RecommenderState[]> {
  const res = await expectOk(await client.post(recommendationRequestPath('recommender_'), {}));
  return res.json<RecommendationsResponse>().recommenders;
}

/** The recommender's page opening its link: a client with no session, from elsewhere. */
export const openLink = (t: TestApp, token: string) =>
  t.client('198.51.100.20').post(RECOMMENDATION_OPEN_PATH, { token });
