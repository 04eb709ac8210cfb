import type { Catalogue } from '../en'

export const auth: Catalogue['auth'] = {
  welcome: 'Bienvenue sur {brand}',
  tagline: 'Votre assistant personnel d’IA pour gérer vos souvenirs et vos idées',
  loadingSignIn: 'Chargement de la connexion...',
  loading: 'Chargement...',
  chooseMethod: 'Choisissez votre mode de connexion :',
  continueWith: 'Continuer avec {provider}',
  redirecting: 'Redirection vers {provider}... Veuillez patienter.',
  terms:
    'En vous connectant, vous acceptez nos conditions d’utilisation et notre politique de confidentialité.',
  localTitleFirst: 'Créer le premier compte',
  localTitleCreate: 'Créer un compte',
  localTitleSignIn: 'Se connecter',
  localLeadFirst:
    'Personne n’a encore de compte ici : celui-ci est le premier. Choisissez l’adresse e-mail et le mot de passe avec lesquels vous vous connecterez.',
  localLeadCreate: 'Choisissez l’adresse e-mail et le mot de passe avec lesquels vous vous connecterez.',
  localLeadSignIn: 'Avec l’adresse e-mail et le mot de passe de votre compte sur ce serveur.',
  name: 'Nom',
  email: 'E-mail',
  password: 'Mot de passe',
  passwordHelp: 'Au moins {min} caractères, et pas un mot de passe courant.',
  createAccount: 'Créer le compte',
  signIn: 'Se connecter',
  haveAccount: 'Vous avez déjà un compte ?',
  noAccount: 'Pas encore de compte ?',
  createAnAccount: 'Créer un compte',
  askInvitation: 'Pas encore de compte ? Demandez un lien d’invitation à quelqu’un qui utilise {brand} ici.',
  signInFailed: 'La connexion a échoué. Veuillez réessayer.',
  networkError: 'Erreur réseau. Vérifiez votre connexion et réessayez.',
  returnSuccess: 'Connexion réussie ! Bienvenue sur {brand}.',
  returnProviderError: 'Échec de l’authentification : {error}',
  returnMalformedToken:
    'Impossible de traiter le jeton d’authentification : le jeton JWT reçu n’a pas un format valide',
  returnFailed: 'Le processus d’authentification a échoué',
}
