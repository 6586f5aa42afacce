import { z } from 'zod';
import { CONTENT_SECTIONS } from '@/server/db/content-schema';

/**
 * The shape of demo/content/<site slug>.json: the demo's Japanese content. Dates are relative to the seed's run
 * (daysAgo), so the demo always looks current; a negative daysAgo is an item scheduled for the future.
 * Images and the video are drawn at seed time (scripts/lib/demo-media.ts): no files to download.
 */
const demoImage = z.strictObject({
  /** Short Latin text drawn on the generated picture, e.g. "LIVE 2026". */
  label: z.string().min(1).max(24),
  caption: z.string().max(200).default(''),
  /** The uploader's file name, e.g. "tour-day1.jpg". */
  fileName: z.string().regex(/^[a-z0-9-]+\.(jpg|png)$/),
  /** Two #RRGGBB colours of the picture's gradient. */
  colors: z.tuple([z.string().regex(/^#[0-9a-fA-F]{6}$/), z.string().regex(/^#[0-9a-fA-F]{6}$/)]),
  orientation: z.enum(['landscape', 'portrait', 'square']).default('landscape'),
});

const performance = z.strictObject({
  /** Days from the seed's run to the performance, and its local (JST) times. */
  inDays: z.number().int(),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  doorsTime: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
  venue: z.string().min(1).max(80),
  area: z.string().max(20).optional(),
});

export const demoItemSchema = z.strictObject({
  /** Stable within the file; the seed uses it to find an item again. */
  key: z.string().regex(/^[a-z0-9-]+$/),
  section: z.enum(CONTENT_SECTIONS),
  title: z.string().min(1).max(120),
  /** Public text shown to everyone, also to guests of a premium item. */
  teaser: z.string().max(300).default(''),
  /** HTML of p, h2, h3, strong, em, a[href], ul, ol, li, blockquote, br; `<img src="media:N">` places image N. */
  body: z.string().max(20_000),
  daysAgo: z.number(),
  openToAll: z.boolean().default(false),
  live: z.boolean().default(false),
  /** photo: the gallery; other sections: images[0] is the cover, the rest can be placed in the body. */
  images: z.array(demoImage).default([]),
  /** movie: an uploaded file of this many seconds, drawn with this label... */
  video: z
    .strictObject({
      seconds: z.number().int().min(1).max(20),
      label: z.string().max(24),
      fileName: z.string().regex(/^[a-z0-9-]+\.webm$/),
    })
    .optional(),
  /** ...or a video platform's embed. */
  youtubeId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/)
    .optional(),
  /** movie: a live stream (features/live): one to go live with, or an archive made at seed time that plays offline. */
  stream: z
    .discriminatedUnion('state', [
      z.strictObject({
        state: z.literal('scheduled'),
        inHours: z
          .number()
          .min(0)
          .max(24 * 30),
      }),
      z.strictObject({ state: z.literal('ended'), archiveSeconds: z.number().int().min(4).max(60) }),
    ])
    .optional(),
  ticket: z
    .strictObject({
      performances: z.array(performance).min(1),
      applyFromDays: z.number(),
      applyUntilDays: z.number(),
      presaleCode: z.string().max(40).optional(),
      applyUrl: z.url().optional(),
    })
    .optional(),
});

export const demoContentSchema = z.array(demoItemSchema);
export type DemoItem = z.infer<typeof demoItemSchema>;
