// A worker thread of run.mjs: runs the jobs it is sent (job.mjs) one at a time.
import { parentPort } from 'node:worker_threads';
import { runJob } from './job.mjs';

parentPort.on('message', async (job) => parentPort.postMessage(await runJob(job)));
