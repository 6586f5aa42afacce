// The one job runner (docs/decisions/0038): features declare their jobs with defineJob; the server entry starts one
// runner with all of them; the owner's console reads listJobStatus.
import 'server-only';

export { defineJob, type Job, type JobContext } from './define';
export { createJobRunner, type JobRunner, type JobRunnerOptions } from './runner';
export { listJobStatus, type JobState, type JobStatus } from './status';
