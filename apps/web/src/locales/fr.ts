import type { Catalogue } from './en'

export const fr: Catalogue = {
  nav: {
    main: 'Principale',
    toggle: 'Afficher ou masquer la navigation',
    dashboard: 'Tableau de bord',
    memories: 'Souvenirs',
    chat: 'Discussion',
    reminders: 'Rappels',
    dataSources: 'Sources de données',
    settings: 'Paramètres',
    logout: 'Se déconnecter',
  },
  settings: {
    loading: 'Chargement des paramètres...',
    sectionsLabel: 'Sections des paramètres',
    formLabel: 'Vos paramètres',
    sections: {
      profile: 'Profil',
      appearance: 'Apparence',
      notifications: 'Notifications',
      chat: 'Discussion',
      search: 'Recherche',
      connectedTools: 'Outils connectés',
      accessTokens: "Jetons d'accès",
      account: 'Mot de passe',
      sessions: 'Sessions',
      deleteAccount: 'Supprimer le compte',
    },
    profile: {
      title: "Paramètres de l'utilisateur",
      accountInformation: 'Informations du compte',
      name: 'Nom',
      email: 'E-mail',
      timezone: 'Fuseau horaire',
      timezoneHelp: 'Choisissez votre fuseau horaire pour afficher les dates et les heures',
      selectTimezone: 'Choisissez un fuseau horaire',
      language: 'Langue',
      languageHelp: "La langue de ces écrans et des réponses de l'assistant",
    },
    appearance: {
      theme: 'Thème',
      themeHelp: 'Système suit le mode clair ou sombre de votre appareil',
      system: 'Système',
      light: 'Clair',
      dark: 'Sombre',
    },
    save: {
      saving: 'Enregistrement de vos modifications...',
      unsaved: 'Modifications non enregistrées dans {sections}',
      nothingUnsaved: 'Aucune modification non enregistrée',
      savingButton: 'Enregistrement...',
      button: 'Enregistrer les paramètres',
      saved: 'Paramètres enregistrés',
      failed: "{sections} n'a pas pu être enregistré : {reason}",
      keptChanges:
        'Vos modifications sont toujours là : appuyez sur Enregistrer les paramètres pour réessayer.',
      briefingTimeMissing: "Choisissez l'heure d'envoi du résumé quotidien, ou désactivez le résumé.",
    },
    sessions: {
      signedOutOthers:
        "{sessions, plural, one {# autre session déconnectée} many {# autres sessions déconnectées} other {# autres sessions déconnectées}}{tokens, plural, =0 {} one { et # jeton d'accès révoqué} many { et # jetons d'accès révoqués} other { et # jetons d'accès révoqués}}",
    },
  },
}
