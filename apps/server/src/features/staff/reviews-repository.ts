import type { Review } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

interface ReviewRow {
  reviewer_email: string;
  reviewer_name: string | null;
  scores: Record<string, number>;
  comment: string;
  overall: string | null;
  status: 'draft' | 'submitted';
  updated_at: Date;
  submitted_at: Date | null;
}

export function toReview(r: ReviewRow): Review {
  return {
    reviewer: r.reviewer_email,
    reviewer_name: r.reviewer_name,
    scores: r.scores,
    comment: r.comment,
    overall: r.overall == null ? null : Number(r.overall),
    status: r.status,
    updated_at: new Date(r.updated_at).toISOString(),
    submitted_at: r.submitted_at ? new Date(r.submitted_at).toISOString() : null,
  };
}

/** The reviewer's name (issue 49), beside the address: null until they have one. */
const COLUMNS = `reviewer_email, scores, comment, overall, status, updated_at, submitted_at,
  (SELECT m.name FROM staff_members m WHERE m.email = reviews.reviewer_email AND NOT m.from_environment) AS reviewer_name`;

export async function reviewsOf(db: Queryable, userId: string): Promise<Review[]> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${COLUMNS} FROM reviews
     WHERE application_user_id = $1 ORDER BY submitted_at NULLS LAST, reviewer_email`,
    [userId],
  );
  return rows.map(toReview);
}

/** The caller's own review, locked for the write that follows (one transaction). */
export async function lockOwnReview(db: Queryable, userId: string, reviewer: string): Promise<Review | undefined> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT ${COLUMNS} FROM reviews
     WHERE application_user_id = $1 AND reviewer_email = $2 FOR UPDATE`,
    [userId, reviewer],
  );
  return rows[0] ? toReview(rows[0]) : undefined;
}

export async function saveReview(
  db: Queryable,
  userId: string,
  reviewer: string,
  review: { scores: Record<string, number>; comment: string; overall: number | null; submitted: boolean },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO reviews (application_user_id, reviewer_email, scores, comment, overall, status, updated_at, submitted_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, CASE WHEN $6 = 'submitted' THEN $7::timestamptz END)
     ON CONFLICT (application_user_id, reviewer_email) DO UPDATE SET scores = EXCLUDED.scores,
       comment = EXCLUDED.comment, overall = EXCLUDED.overall, status = EXCLUDED.status, updated_at = EXCLUDED.updated_at,
       submitted_at = COALESCE(reviews.submitted_at, EXCLUDED.submitted_at)`,
    [
      userId,
      reviewer,
      JSON.stringify(review.scores),
      review.comment,
      review.overall,
      review.submitted ? 'submitted' : 'draft',
      now,
    ],
  );
  // The list sorts by these: kept in step in the same transaction as the review (decision 040).
  await db.query(
    `UPDATE staff_application_index SET
       overall_score = (SELECT avg(overall) FROM reviews WHERE application_user_id = $1 AND status = 'submitted'),
       review_count = (SELECT count(*) FROM reviews WHERE application_user_id = $1 AND status = 'submitted')
     WHERE user_id = $1`,
    [userId],
  );
}

export async function isAssigned(db: Queryable, userId: string, reviewer: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM review_assignments WHERE reviewer_email = $1 AND application_user_id = $2',
    [reviewer, userId],
  );
  return rows.length > 0;
}
