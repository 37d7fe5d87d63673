// First, before anything else runs: zod's settings for the CSP, then the last first screen's code is asked for (firstScreen.ts).
import './zodJitless'
import { rememberFirstScreen } from './firstScreen'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { i18n } from './i18n'
import { router } from './router'
import { followScreenCode, hushRejections, reloadAt } from './shell/screenCode'
import { usePreferencesStore } from './stores/preferences'
import { useSessionStore } from './stores/session'
import './styles.css'
import './plainField.css'

const pinia = createPinia()
const app = createApp(App).use(pinia).use(i18n)

// Start both loads before the first navigation so the theme and the session arrive together.
void usePreferencesStore(pinia).ensureLoaded()
void useSessionStore(pinia).ensureLoaded()
rememberFirstScreen(router, window.localStorage)
followScreenCode(router, { storage: window.sessionStorage, reloadAt, hushRejections })

app.use(router)
app.mount('#app')
