import type { Metadata } from 'next';
import { AuthenticateWinPage } from '@/features/presale/app';

// Personal: rendered for each request from the session cookie, never cached.
export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'カードの本人認証', robots: { index: false } };

export default AuthenticateWinPage;
