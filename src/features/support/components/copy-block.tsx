'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Text the fan copies into an outside help centre's form (the member number and plan), with a copy button. */
export function CopyBlock({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-3 flex flex-col gap-2">
      <pre
        className="rounded-md bg-surface-sub p-3 text-sm whitespace-pre-wrap select-all"
        data-testid="support-copy-text"
      >
        {text}
      </pre>
      <Button
        variant="secondary"
        className="self-start"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? 'コピーしました' : 'コピーする'}
      </Button>
    </div>
  );
}
