// A thread for worker-pool.test.ts whose modules take longer to load than a job may take to run,
// as react-pdf's do on a busy machine. Plain JavaScript so Node starts it as it is.
import { register } from 'tsx/esm/api';

register();
const { serveThreadJobs } = await import('../serve-thread-jobs.ts');
const loadMs = Number(process.env.SLOW_LOAD_MS ?? 0);
// Busy, not idle, like a module graph being compiled.
const until = Date.now() + loadMs;
while (Date.now() < until);
serveThreadJobs('slow-loading-thread', async (job) => `echo ${job}`);
