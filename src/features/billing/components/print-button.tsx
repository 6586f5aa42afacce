'use client';

import { Button } from '@/components/ui/button';

/** The browser's print dialog, where the receipt can be printed or saved as PDF. */
export function PrintButton() {
  return <Button onClick={() => window.print()}>印刷・PDFで保存</Button>;
}
