// First, before anything else runs: the last first screen's code is asked for (firstScreen.ts).
import { rememberFirstScreen } from './firstScreen'
import { createApp } from 'vue'
import { createPinia } from 'pinia'
import { z } from 'zod'
import App from './App.vue'
import { i18n } from './i18n'
import { router } from './router'
import { usePreferencesStore } from './stores/preferences'
import { useSessionStore } from './stores/session'
import './styles.css'

// The CSP forbids eval; without this zod probes `new Function` and the page logs a CSP violation.
z.config({ jitless: true })

const pinia = createPinia()
const app = createApp(App).use(pinia).use(i18n)

// Start both loads before the first navigation so the theme and the session arrive together.
void usePreferencesStore(pinia).ensureLoaded()
void useSessionStore(pinia).ensureLoaded()
rememberFirstScreen(router, window.localStorage)

app.use(router)
app.mount('#app')
