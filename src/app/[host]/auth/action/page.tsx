import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard, AuthAction } from '@/features/auth/ui';

export const metadata: Metadata = { title: 'アカウントのお手続き', robots: { index: false } };

// Cached like a public page: the link's mode and code are read in the browser and never reach the server.
export default function AuthActionPage() {
  return (
    <AuthCard title="アカウントのお手続き">
      <Suspense>
        <AuthAction />
      </Suspense>
    </AuthCard>
  );
}
