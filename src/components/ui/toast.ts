import { toast as sonner } from 'sonner';
import { wantToaster } from '@/components/ui/lazy-toast';

type Toast = typeof sonner;

/**
 * sonner's toast for the app's code. The page's toaster mounts lazily (toaster.tsx), usually on the first
 * interaction; a toast made without one (a link found expired as its page opens) must ask for it, or it would wait
 * unseen until the visitor touched the page.
 */
export const toast = Object.assign(
  (...args: Parameters<Toast>) => {
    wantToaster();
    return sonner(...args);
  },
  {
    success: (...args: Parameters<Toast['success']>) => {
      wantToaster();
      return sonner.success(...args);
    },
    error: (...args: Parameters<Toast['error']>) => {
      wantToaster();
      return sonner.error(...args);
    },
  },
);
