// Every table of the app, for Drizzle and drizzle-kit (drizzle.config.ts). The tables live in files by area; the
// areas' files import the core tables from core-schema.ts, never from here, so no import leads back to this file.
export * from './core-schema';
export * from './content-schema';
export * from './staff-schema';
export * from './cache-schema';
export * from './payments-schema';
export * from './rate-limit-schema';
export * from './proof-of-work-schema';
export * from './notices-schema';
export * from './presale-schema';
export * from './tickets-schema';
export * from './jobs-schema';
export * from './resale-schema';
export * from './live-schema';
export * from './chat-schema';
export * from './support-schema';
