'use client';

import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

/** Spec 9: toasts stay 5 seconds, sit at the bottom and are 300-560 px wide. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_MIN_WIDTH_PX = 300;
export const TOAST_MAX_WIDTH_PX = 560;

const toasterStyle = {
  '--width': `clamp(${TOAST_MIN_WIDTH_PX}px, calc(100vw - 32px), ${TOAST_MAX_WIDTH_PX}px)`,
} as CSSProperties;

export function Toaster() {
  return (
    <Sonner
      position="bottom-center"
      duration={TOAST_DURATION_MS}
      containerAriaLabel="通知"
      style={toasterStyle}
      toastOptions={{ style: { fontFamily: 'var(--site-font)', color: 'var(--site-text)' } }}
    />
  );
}
