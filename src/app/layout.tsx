import './globals.css';
import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { WebFont } from '@/components/ui/web-font';

export const metadata: Metadata = { title: 'ファンクラブ' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

/** The document of every site; each site's shell and theme come from app/[host]/layout.tsx. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="ja">
      <body className="bg-surface font-site text-ink antialiased">
        {children}
        <WebFont />
      </body>
    </html>
  );
}
