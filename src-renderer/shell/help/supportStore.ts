import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DoctorReport, ServiceCheckReport } from '@shared/support'
import type { FileData } from '@shared/catalogue'
import { request } from '../../api'
import { createLoader } from '../../stores/loader'

/**
 * The help screen's door to the core: the doctor's report, the service check
 * and the support bundle. The reports live here, so leaving Help and coming
 * back shows the last one while a fresh one runs.
 */
export const useSupportStore = defineStore('support', () => {
  const doctor = ref<DoctorReport | null>(null)
  const doctorRun = createLoader(
    () => request('support.doctor'),
    (report) => (doctor.value = report),
  )

  const serviceCheck = ref<ServiceCheckReport | null>(null)
  const serviceCheckRun = createLoader(
    () => request('support.serviceCheck'),
    (report) => (serviceCheck.value = report),
  )

  /** The zip to hand to support; the renderer cannot write files, so the caller offers it as a download. */
  const bundle = (includeData: boolean, includeSetAside = false): Promise<FileData> =>
    request('support.bundle', { includeData, includeSetAside })

  return { doctor, doctorRun, serviceCheck, serviceCheckRun, bundle }
})
