/**
 * The sign-in texts, English (the source): /login, its built-in sign-in form and the sign-in return's
 * messages. /login shows these before i18next is loaded (features/auth/lib/auth-texts.ts): keep the keys
 * flat, and English free of ICU plurals or quoting (only {name} arguments), as auth-texts.test.ts checks.
 */
export const auth = {
  welcome: 'Welcome to {brand}',
  tagline: 'Your personal AI assistant for managing memories and insights',
  loadingSignIn: 'Loading sign-in...',
  loading: 'Loading...',
  chooseMethod: 'Choose your login method:',
  continueWith: 'Continue with {provider}',
  redirecting: 'Redirecting to {provider}... Please wait.',
  terms: 'By signing in, you agree to our terms of service and privacy policy.',
  localTitleFirst: 'Create the first account',
  localTitleCreate: 'Create an account',
  localTitleSignIn: 'Sign in',
  localLeadFirst:
    'Nobody has an account here yet: this one is the first. Choose the e-mail and password you will sign in with.',
  localLeadCreate: 'Choose the e-mail and password you will sign in with.',
  localLeadSignIn: 'With the e-mail and password of your account on this server.',
  name: 'Name',
  email: 'Email',
  password: 'Password',
  passwordHelp: 'At least {min} characters, and not a common password.',
  createAccount: 'Create account',
  signIn: 'Sign in',
  haveAccount: 'Already have an account?',
  noAccount: 'No account yet?',
  createAnAccount: 'Create an account',
  askInvitation: 'No account yet? Ask someone who uses {brand} here for an invitation link.',
  signInFailed: 'Sign-in failed. Please try again.',
  networkError: 'Network error. Please check your connection and try again.',
  returnSuccess: 'Successfully logged in! Welcome to {brand}.',
  returnProviderError: 'Authentication failed: {error}',
  returnMalformedToken: 'Failed to process authentication token: Invalid JWT token format received',
  returnFailed: 'Authentication process failed',
}
