import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'text';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-primary text-ink hover:brightness-95 font-bold',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-sub font-bold',
  text: 'text-ink underline underline-offset-4 hover:text-tertiary',
};

export function buttonClass(variant: Variant = 'primary', extra = ''): string {
  const shape =
    variant === 'text' ? '' : 'inline-flex min-h-12 items-center justify-center rounded-full px-6';
  return `${shape} ${VARIANTS[variant]} transition disabled:cursor-not-allowed disabled:opacity-60 ${extra}`.trim();
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
