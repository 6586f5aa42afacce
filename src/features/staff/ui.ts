// Public entry of the staff feature: React components and hooks; nothing here reaches server-only code, so client components may import it.
// Other folders import the feature only through its entries (decision 0030).

export { staffAreas, StaffShell } from './components/staff-shell';
export { ConfirmAction } from './team/components/confirm-action';
