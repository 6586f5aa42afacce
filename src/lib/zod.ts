import { z } from 'zod';

// Every schema's built-in messages in Japanese, for forms, actions and the site command alike.
z.config(z.locales.ja());

export { z };
