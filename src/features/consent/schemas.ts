export const CONSENT_API = '/api/consent';

export const CONSENT_CHECKBOX_LABEL = '利用規約とプライバシーポリシーに同意する';
export const CONSENT_MISSING_MESSAGE = '利用規約とプライバシーポリシーをお読みのうえ、同意してください';
