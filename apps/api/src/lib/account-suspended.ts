/**
 * What a suspended seller reads, wherever the suspension stops them: at sign-in, and when their
 * ended session's refresh is refused (they were sent to /login with no words).
 */
export const accountSuspendedMessage = (supportEmail: string) =>
  `This account is suspended. Please contact support at ${supportEmail}.`;
