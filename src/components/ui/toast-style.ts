/** Spec 9: toasts stay 5 seconds, sit at the bottom and are 300-560 px wide (16 px from a phone's edges). */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_MIN_WIDTH_PX = 300;
export const TOAST_MAX_WIDTH_PX = 560;
export const TOAST_WIDTH = `clamp(${TOAST_MIN_WIDTH_PX}px, calc(100vw - 32px), ${TOAST_MAX_WIDTH_PX}px)`;
