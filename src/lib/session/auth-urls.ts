/** Our routes, so every link and redirect the SDK makes lands on one of our own pages. */
export const AUTH_URLS = {
  handler: "/handler",
  signIn: "/login",
  signUp: "/signup",
  forgotPassword: "/recover",
  passwordReset: "/handler/password-reset",
  emailVerification: "/verify-email",
  oauthCallback: "/handler/oauth-callback",
  magicLinkCallback: "/handler/magic-link-callback",
  error: "/handler/error",
  mfa: "/handler/mfa",
  accountSettings: "/account",
  afterSignIn: "/",
  afterSignUp: "/",
  afterSignOut: "/login",
  home: "/",
} as const;
