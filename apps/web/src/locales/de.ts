import type { Catalogue } from './en'

export const de: Catalogue = {
  nav: {
    main: 'Hauptnavigation',
    toggle: 'Navigation ein- oder ausblenden',
    dashboard: 'Dashboard',
    memories: 'Notizen',
    chat: 'Chat',
    reminders: 'Erinnerungen',
    dataSources: 'Datenquellen',
    settings: 'Einstellungen',
    logout: 'Abmelden',
  },
  settings: {
    loading: 'Einstellungen werden geladen...',
    sectionsLabel: 'Bereiche der Einstellungen',
    formLabel: 'Deine Einstellungen',
    sections: {
      profile: 'Profil',
      appearance: 'Darstellung',
      notifications: 'Benachrichtigungen',
      chat: 'Chat',
      search: 'Suche',
      connectedTools: 'Verbundene Werkzeuge',
      accessTokens: 'Zugriffstoken',
      account: 'Passwort',
      sessions: 'Sitzungen',
      deleteAccount: 'Konto löschen',
    },
    profile: {
      title: 'Benutzereinstellungen',
      accountInformation: 'Kontoinformationen',
      name: 'Name',
      email: 'E-Mail',
      timezone: 'Zeitzone',
      timezoneHelp: 'Wähle deine Zeitzone für die Anzeige von Datum und Uhrzeit',
      selectTimezone: 'Zeitzone wählen',
      language: 'Sprache',
      languageHelp: 'Die Sprache dieser Seiten und der Antworten des Assistenten',
    },
    appearance: {
      theme: 'Design',
      themeHelp: 'System folgt dem hellen oder dunklen Modus deines Geräts',
      system: 'System',
      light: 'Hell',
      dark: 'Dunkel',
    },
    save: {
      saving: 'Änderungen werden gespeichert...',
      unsaved: 'Ungespeicherte Änderungen in {sections}',
      nothingUnsaved: 'Keine ungespeicherten Änderungen',
      savingButton: 'Wird gespeichert...',
      button: 'Einstellungen speichern',
      saved: 'Einstellungen gespeichert',
      failed: '{sections} konnte nicht gespeichert werden: {reason}',
      keptChanges:
        'Deine Änderungen sind noch da: Drücke Einstellungen speichern, um es erneut zu versuchen.',
      briefingTimeMissing: 'Wähle die Uhrzeit für deine tägliche Übersicht oder schalte sie aus.',
    },
    sessions: {
      signedOutOthers:
        '{sessions, plural, one {# andere Sitzung abgemeldet} other {# andere Sitzungen abgemeldet}}{tokens, plural, =0 {} one { und # Zugriffstoken beendet} other { und # Zugriffstoken beendet}}',
    },
  },
}
