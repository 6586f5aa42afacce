// Public entry of the notices feature: server code that plain Node loads (scripts/ run it under tsx, without Next.js); never from a client file.
// Other folders import the feature only through its entries (decision 0030).

import 'server-only';

export { sendAnnouncement } from './server/announce';
export { listInbox, openNotice } from './server/inbox';
export { smtpMailer } from './server/mailer';
export { mailDeliveryJob, mailDeliveryJobFromEnv } from './server/mail-job';
export { renewalReminderJob } from './server/reminders';
export { birthdayGreetingJob, enqueueBirthdayGreetings } from './server/birthdays';
export { readPreferences } from './server/preferences';
export { readUnsubscribeToken } from './server/unsubscribe-token';
export { notify, notifyMany, notifyOwners, notifyStaff, type NoticeInput } from './server/notify';
export { noticeSubscriptionChange, subscriptionBefore } from './server/subscription-notices';
