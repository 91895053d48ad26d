/** An event as the worker reads it: its type, its data as PostgreSQL writes jsonb out, its time in epoch seconds. */
export interface BodySource {
  type: string;
  /** `data::text`: sent as it comes, never parsed and written out again. */
  data: string;
  /** `date_part('epoch', created_at)`: the product's times are whole milliseconds. */
  created_s: number;
}

/** The body every receiver gets, on every try: `{"type", "timestamp", "data"}`, the data never anything provisional. */
export function webhookBody({ type, data, created_s }: BodySource): string {
  const timestamp = new Date(Math.round(created_s * 1000)).toISOString();
  return `{"type":${JSON.stringify(type)},"timestamp":"${timestamp}","data":${data}}`;
}
