import { chat } from './chat/en'
import { memories } from './memories/en'
import { reminders } from './reminders/en'
import { auth } from './auth/en'
import { common } from './common/en'

/**
 * The source catalogue (issue 51): every text the translated screens show, in ICU MessageFormat
 * (i18next-icu). The other languages' catalogues have the same keys; catalogues.test.ts holds them to it.
 * The spec's English texts stay word for word.
 */
export const en = {
  nav: {
    main: 'Main',
    toggle: 'Toggle navigation',
    dashboard: 'Dashboard',
    memories: 'Memories',
    chat: 'Chat',
    reminders: 'Reminders',
    dataSources: 'Data Sources',
    settings: 'Settings',
    logout: 'Logout',
  },
  settings: {
    loading: 'Loading settings...',
    sectionsLabel: 'Settings sections',
    formLabel: 'Your settings',
    sections: {
      profile: 'Profile',
      appearance: 'Appearance',
      notifications: 'Notifications',
      chat: 'Chat',
      search: 'Search',
      connectedTools: 'Connected tools',
      accessTokens: 'Access tokens',
      account: 'Password',
      sessions: 'Sessions',
      deleteAccount: 'Delete account',
    },
    profile: {
      title: 'User Settings',
      accountInformation: 'Account Information',
      name: 'Name',
      email: 'Email',
      timezone: 'Timezone',
      timezoneHelp: 'Select your timezone for displaying dates and times',
      selectTimezone: 'Select a timezone',
      language: 'Language',
      languageHelp: "The language of these screens and of the assistant's answers",
    },
    appearance: {
      theme: 'Theme',
      themeHelp: "System follows your device's light or dark mode",
      system: 'System',
      light: 'Light',
      dark: 'Dark',
    },
    save: {
      saving: 'Saving your changes...',
      unsaved: 'Unsaved changes in {sections}',
      nothingUnsaved: 'No unsaved changes',
      savingButton: 'Saving...',
      button: 'Save Settings',
      saved: 'Settings saved successfully',
      failed: '{sections} could not be saved: {reason}',
      keptChanges: 'Your changes are still here: press Save Settings to try again.',
      briefingTimeMissing: 'Choose the time to send your briefing, or turn the briefing off.',
    },
    sessions: {
      signedOutOthers:
        '{sessions, plural, one {Signed out # other session} other {Signed out # other sessions}}{tokens, plural, =0 {} one { and ended # access token} other { and ended # access tokens}}',
    },
  },
  dashboard: {
    title: 'Dashboard',
    unavailable: 'Dashboard Unavailable',
    unavailableText: 'The statistics and the daily briefing could not be loaded.',
    lastUpdated: 'Last updated: {time}',
    loading: 'Loading dashboard...',
    statsUnavailable: 'Statistics Unavailable',
    statsUnavailableText: 'The counts could not be loaded.',
    retryStats: 'Retry Loading Stats',
    totalMemories: 'Total Memories',
    allTime: 'All time',
    recentMemories: 'Recent Memories',
    last30Days: 'Last 30 days',
    activeChats: 'Active Chats',
    last24Hours: 'Last 24 hours',
    briefingUnavailable: 'Daily Briefing Unavailable',
    briefingUnavailableText: 'Your briefing could not be loaded.',
    retryBriefing: 'Retry Loading Briefing',
    briefing: {
      title: 'Daily Briefing',
      subtitleOffline: 'Written from your notes and data sources, without an AI model',
      subtitleAi: 'AI-generated insights',
      regenerating: 'Regenerating...',
      regenerate: 'Regenerate',
      weather: 'Weather',
      calendar: 'Calendar',
      sectionOff: '{source}: not set up, so it is left out.',
      sectionFailed: '{source}: could not be read ({reason}).',
      openDataSources: 'Open Data Sources',
      generatedAi: '{at, select, yes {Generated at {time}} other {Generated}} by the language model',
      generatedOffline:
        '{at, select, yes {Generated at {time}} other {Generated}} by the offline template (no language model)',
      generated: '{at, select, yes {Generated at {time}} other {Generated}}',
    },
  },
  dataSources: {
    title: 'Data Sources',
    subtitle: 'Manage external data integrations',
    loading: 'Loading data sources...',
    unavailable: 'Data Sources Unavailable',
    tryAgain: 'Try Again',
    emptyTitle: 'No Data Sources Available',
    emptyText: 'No data sources are currently configured. Check back later or contact your administrator.',
    names: {
      calendar: 'Calendar',
      weather: 'Weather',
      other: 'Data Source',
    },
    card: {
      enable: 'Enable {title}',
      active: 'Active',
      inactive: 'Inactive',
      moreSettings: '{count, plural, one {+# more settings...} other {+# more settings...}}',
      test: 'Test Connection',
      configure: 'Configure',
    },
    settings: {
      location: 'Location',
      notSet: 'Not set',
      vacationMode: 'Vacation Mode',
      calendarName: 'Calendar Name',
      notSelected: 'Not selected',
      icsUrl: 'ICS URL',
    },
    updateFailed: 'Failed to update {source} configuration. Your changes have been reverted.',
    modal: {
      title: 'Configure {title}',
      close: 'Close',
      notImplemented: 'Configuration for {title} is not yet implemented.',
      cancel: 'Cancel',
      saving: 'Saving...',
      save: 'Save',
      loading: 'Loading configuration...',
    },
    weather: {
      validationErrors: 'Form Validation Errors',
      locationPlaceholder: 'Lisbon',
      locationHelp: 'The city whose weather you want, for example Lisbon or Porto, Portugal',
      vacation: 'Vacation',
      vacationLocation: 'Vacation Location',
      vacationHelp: 'Between the start and end dates, the weather comes from here',
      startDate: 'Start Date',
      endDate: 'End Date',
      errors: {
        location: 'Vacation location is required',
        start: 'Start date is required',
        end: 'End date is required',
        order: 'End date must be after start date',
      },
    },
    calendar: {
      icsHelp: 'Optional: a calendar subscription link (.ics or webcal://) that any calendar app can publish',
    },
  },
  chat,
  memories,
  reminders,
  auth,
  common,
}

/** A catalogue: the source's keys, each with a text in the catalogue's language. */
export type Catalogue = { [K in keyof typeof en]: Texts<(typeof en)[K]> }
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> }
