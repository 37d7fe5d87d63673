import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'

// The page gets the contract's two functions and nothing else: never ipcRenderer itself.
contextBridge.exposeInMainWorld('mostrador', createBridge(ipcRenderer))
