import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'
import { createDesktopBridge } from './desktop'

// The page gets the contract's two functions and the desktop-only calls, nothing else: never ipcRenderer itself.
contextBridge.exposeInMainWorld('mostrador', createBridge(ipcRenderer))
contextBridge.exposeInMainWorld('mostradorDesktop', createDesktopBridge(ipcRenderer))
