import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'
import { createDesktopBridge } from './desktop'
import { createPrinterBridge } from './printerBridge'

// The page gets the contract's two functions and the desktop-only calls, nothing else: never ipcRenderer itself.
contextBridge.exposeInMainWorld('mostrador', createBridge(ipcRenderer))
contextBridge.exposeInMainWorld('mostradorDesktop', createDesktopBridge(ipcRenderer))
// The desktop app's own printing (no core request: the browser host prints through the browser).
contextBridge.exposeInMainWorld('mostradorPrinter', createPrinterBridge(ipcRenderer))
