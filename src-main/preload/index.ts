import { contextBridge, ipcRenderer } from 'electron'
import { createBridge } from './bridge'
import { createPrinterBridge } from './printerBridge'

// The page gets the contract's two functions and nothing else: never ipcRenderer itself.
contextBridge.exposeInMainWorld('mostrador', createBridge(ipcRenderer))
// The desktop app's own printing (no core request: the browser host prints through the browser).
contextBridge.exposeInMainWorld('mostradorPrinter', createPrinterBridge(ipcRenderer))
