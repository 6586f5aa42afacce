export { saveSignUpStep as POST } from '@/features/signup/app';
