/** The member-details forms serve the sign-up flow and My page: only where they post and what follows differ. */
export interface DetailsFormProps<T> {
  action: string;
  defaults?: Partial<T>;
  submitLabel: string;
  backHref?: string | null;
  onSaved: (data: { next?: string }) => void;
}
